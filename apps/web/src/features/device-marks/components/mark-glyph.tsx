import type { MarkState } from './mark-state';

/**
 * A mark's symbol, told apart by shape and a sign as well as colour: bound and online a filled circle
 * with a tick, offline a grey circle with a cross, unbound a dashed ring with a question mark.
 */
export function MarkGlyph({ state, r }: { state: MarkState; r: number }) {
  const sign = state === 'online' ? '✓' : state === 'offline' ? '✕' : '?';
  return (
    <g className={`sb-mark-glyph sb-mark-${state}`} aria-hidden>
      <circle r={r} className="sb-mark-circle" vectorEffect="non-scaling-stroke" />
      <text className="sb-mark-sign" fontSize={r * 1.3} dy="0.05em">
        {sign}
      </text>
    </g>
  );
}
