import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

// Pass-through spy: the real argon2, counted, so the test sees the work done for each answer.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
});
afterAll(() => t.close());

async function countVerifies(username: string, password: string): Promise<number> {
  vi.mocked(argon2.verify).mockClear();
  const res = await t.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
  expect(res.statusCode).toBe(400);
  return vi.mocked(argon2.verify).mock.calls.length;
}

describe('sign-in timing', () => {
  it('spends one argon2 check on an unknown username, as on a wrong password, so timing reveals nothing', async () => {
    expect(await countVerifies('customer', 'wrong-password')).toBe(1);
    expect(await countVerifies('nobody-here', 'wrong-password')).toBe(1);
  });
});
