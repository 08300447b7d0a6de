import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mark } from '@sbuilding/shared';
import type { Point } from '@/components/plan-units';
import { MarkGlyph } from './mark-glyph';
import { markState, markText } from './mark-state';

/** The accessible name of a mark: its name, what it is bound to, and its state in words. */
export function useMarkLabel() {
  const { t } = useTranslation();
  return (mark: Mark) => {
    const state = markState(mark);
    if (state === 'unbound') return t('deviceMarks.aria.unbound', { name: mark.markName });
    return t(`deviceMarks.aria.${state}`, { name: mark.markName, device: mark.deviceName ?? '' });
  };
}

/** Where the label sits beside the symbol: the mark's alignment, in units of the symbol's radius. */
function labelPlacement(alignment: Mark['alignment'], r: number) {
  if (alignment === 'left') return { x: -r * 1.5, y: 0, anchor: 'end' } as const;
  if (alignment === 'right') return { x: r * 1.5, y: 0, anchor: 'start' } as const;
  return { x: 0, y: r * 2.2, anchor: 'middle' } as const;
}

export interface MarkShapeProps {
  mark: Mark;
  /** Where it is drawn (its saved place, or where a drag or the arrow keys have taken it). */
  at: Point;
  /** The symbol's radius in plan units. */
  r: number;
  selected: boolean;
  describedBy: string;
  onPointerDown: (event: PointerEvent<SVGGElement>) => void;
  onKeyDown: (event: KeyboardEvent<SVGGElement>) => void;
  onClick: (event: MouseEvent<SVGGElement>) => void;
}

/** One mark on the plan: a focusable button of its symbol and label. */
export function MarkShape({ mark, at, r, selected, describedBy, ...handlers }: MarkShapeProps) {
  const labelOf = useMarkLabel();
  const label = labelPlacement(mark.alignment, r);
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={labelOf(mark)}
      aria-describedby={describedBy}
      data-mark-id={mark.id}
      className={`sb-mark${selected ? ' sb-mark-selected' : ''}`}
      transform={`translate(${at[0]} ${at[1]})`}
      {...handlers}
    >
      <MarkGlyph state={markState(mark)} r={r} />
      <text x={label.x} y={label.y} textAnchor={label.anchor} fontSize={r * 1.4} className="sb-mark-label">
        {markText(mark)}
      </text>
    </g>
  );
}
