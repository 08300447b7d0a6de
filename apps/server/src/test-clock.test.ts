import { afterEach, describe, expect, it } from 'vitest';
import { TestClock, systemClock } from './platform/clock.js';
import { createTestApp, type TestApp } from './test/app.js';
import { as } from './test/tenants.js';

/** The injectable clock, and the test-only route that moves a running server's clock (TEST_CLOCK=1). */
describe('TestClock', () => {
  it('follows the machine until set, then stands still where it is set or advanced', () => {
    const clock = new TestClock();
    const before = Date.now();
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    clock.set('2026-03-02T04:30:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-02T04:30:00.000Z');
    expect(clock.advance(90_000).toISOString()).toBe('2026-03-02T04:31:30.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-02T04:31:30.000Z');
    expect(() => clock.set('not a time')).toThrow(RangeError);
    expect(new TestClock(0).now().getTime()).toBe(0);
    expect(systemClock.now().getTime()).toBeGreaterThanOrEqual(before);
  });
});

describe('POST /test/clock', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('does not exist by default', async () => {
    t = await createTestApp({ captchaEnabled: false });
    const call = as(t, await t.login('manager', 'manager123'));
    expect((await call('POST', '/test/clock', { now: '2026-03-02T04:30:00.000Z' })).statusCode).toBe(404);
    expect(t.app.clock).toBe(systemClock);
  });

  it('with TEST_CLOCK=1 sets and advances the clock automation reads', async () => {
    t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
    const call = as(t, await t.login('manager', 'manager123'));
    const set = await call('POST', '/test/clock', { now: '2026-03-02T12:30:00+08:00' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.now).toBe('2026-03-02T04:30:00.000Z');
    expect(t.app.clock.now().toISOString()).toBe('2026-03-02T04:30:00.000Z');
    const moved = await call('POST', '/test/clock', { advanceMs: 60_000 });
    expect(moved.json().data.now).toBe('2026-03-02T04:31:00.000Z');
    expect((await call('POST', '/test/clock', { now: 'tomorrow' })).statusCode).toBe(400);
    // A customer cannot move it (the route keeps the write roles).
    const customer = as(t, await t.login('customer', 'customer123'));
    expect((await customer('POST', '/test/clock', { advanceMs: 1 })).statusCode).toBe(403);
  });
});
