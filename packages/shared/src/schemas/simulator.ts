import { z } from 'zod';

/**
 * The built-in building simulator (SIMULATOR=on, `npm start`): a demo and test tool to pull the plug of a
 * simulated device and power it up again, as one would on a real site.
 */
export const simulatorStateSchema = z.object({
  /** Whether the server runs the building simulator. */
  running: z.boolean(),
  /** The caller's devices whose plug is pulled. */
  unplugged: z.array(z.number().int()),
});
export type SimulatorState = z.infer<typeof simulatorStateSchema>;

export const simulatorPlugResultSchema = z.object({ deviceId: z.number().int(), unplugged: z.boolean() });
export type SimulatorPlugResult = z.infer<typeof simulatorPlugResultSchema>;

/**
 * `POST /test/clock` (only with TEST_CLOCK=1, browser tests): sets the clock automation reads to `now`, or
 * moves it on by `advanceMs`; with neither it answers the time it reads.
 */
export const testClockBodySchema = z
  .object({
    now: z.iso.datetime({ offset: true }).optional(),
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(366 * 86_400_000)
      .optional(),
  })
  .refine((b) => b.now === undefined || b.advanceMs === undefined, 'now or advanceMs, not both');
export const testClockSchema = z.object({ now: z.string() });
export type TestClockBody = z.infer<typeof testClockBodySchema>;
