import { describe, expect, it } from 'vitest';
import { BULK_ECHO_MS, OwnChanges } from './own-changes';

describe('own alert changes', () => {
  it('takes the echo of an own change once, and reports the changes made elsewhere', () => {
    const own = new OwnChanges();
    own.expect(11);
    expect(own.foreign([11, 12])).toEqual([12]);
    // Consumed: a later change of 11 was made elsewhere.
    expect(own.foreign([11])).toEqual([11]);
  });

  it('forgets a refused change, and takes every push shortly after an Ignore all as its echo', () => {
    const own = new OwnChanges();
    own.expect(11);
    own.forget(11);
    expect(own.foreign([11])).toEqual([11]);
    own.expectBulk(1_000);
    expect(own.foreign([1, 2, 3], 1_500)).toEqual([]);
    expect(own.foreign([4], 1_000 + BULK_ECHO_MS)).toEqual([4]);
  });
});
