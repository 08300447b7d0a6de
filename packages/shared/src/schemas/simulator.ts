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
