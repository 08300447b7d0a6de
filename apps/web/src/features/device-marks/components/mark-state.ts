import type { Mark } from '@sbuilding/shared';

/** What a mark shows: not bound to a device, or bound and the device's connection. */
export type MarkState = 'unbound' | 'online' | 'offline';

export function markState(mark: Pick<Mark, 'bound' | 'online'>): MarkState {
  if (!mark.bound) return 'unbound';
  return mark.online ? 'online' : 'offline';
}

/** The text drawn beside a mark: its nickname when it has one, else its name. */
export function markText(mark: Pick<Mark, 'markName' | 'nickname'>): string {
  return mark.nickname || mark.markName;
}

/** Keyboard steps in plan units: 1/100 of the plan's width, ten times that with Shift. */
export function keyboardStep(planWidth: number, big: boolean): number {
  const step = Math.max(planWidth / 100, 0.1);
  return big ? step * 10 : step;
}

const ARROWS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The direction of an arrow key, or null for any other key. */
export function arrowDirection(key: string): readonly [number, number] | null {
  return ARROWS[key] ?? null;
}
