/**
 * The time automation reads. Scenes' scheduler, noon naps and the AC automation runner ask the app's clock
 * (`app.clock`, from `buildApp({ clock })`) instead of `new Date()`, so their time windows are tested in
 * milliseconds on a `TestClock` and a browser test can move a running server's clock (`TEST_CLOCK=1` and
 * `POST /test/clock`, never on by default).
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock: what production runs on. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock tests set and advance. Created without a time it follows the machine's clock until it is set;
 * once set, it stands still at that instant until it is set again or advanced (a frozen clock makes a
 * time window's edges exact).
 */
export class TestClock implements Clock {
  private fixed: number | null;

  constructor(start?: Date | string | number) {
    this.fixed = start === undefined ? null : new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.fixed ?? Date.now());
  }

  /** Stands still at `at`. */
  set(at: Date | string | number): Date {
    const ms = new Date(at).getTime();
    if (Number.isNaN(ms)) throw new RangeError(`not a time: ${String(at)}`);
    this.fixed = ms;
    return this.now();
  }

  /** Moves on by `ms` (from the machine's time when it was never set) and stands still there. */
  advance(ms: number): Date {
    this.fixed = this.now().getTime() + ms;
    return this.now();
  }

  /** Follows the machine's clock again. */
  release(): Date {
    this.fixed = null;
    return this.now();
  }
}

/** Whether a clock can be set (a `TestClock`): the test route exists only then. */
export function isTestClock(clock: Clock): clock is TestClock {
  return clock instanceof TestClock;
}
