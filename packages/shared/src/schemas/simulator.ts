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

/**
 * Faults the simulator can give a device (issue 38), so the fault rules are checked where the truth is known:
 * - `stuckOn`: a light or AC nobody switches off by hand (commands still switch it);
 * - `ignoresCommands`: the device answers every command with success and does nothing;
 * - `sensorStuck`: its temperature, humidity, CO2 and formaldehyde readings stay where they were;
 * - `wrongSetpoint`: an AC whose people set it to 18 °C cooling or 28 °C heating (a setpoint command fixes it
 *   until they next switch it on);
 * - `baseLoadLeak`: an ammeter channel drawing 3,000 W more at every hour (a heater or pump left running);
 * - `counterJump`: an ammeter channel's energy counter jumps 10,000 kWh once, when the fault is given, then counts on;
 * - `shortCycle`: an AC that, while on, switches itself off after 3 minutes and on again 2 minutes later;
 * - `sensorDrift`: a th10 or sair4g sensor reading ever higher, 2 °C per hour up to 6 °C (humidity 5 %RH per hour
 *   lower, up to 15 %RH).
 */
export const SIM_FAULT_KINDS = [
  'stuckOn',
  'ignoresCommands',
  'sensorStuck',
  'wrongSetpoint',
  'baseLoadLeak',
  'counterJump',
  'shortCycle',
  'sensorDrift',
] as const;
export type SimFaultKind = (typeof SIM_FAULT_KINDS)[number];

/** POST /sbuilding/sim/fault */
export const simFaultBodySchema = z.object({
  deviceId: z.coerce.number({ error: 'required' }).int('invalid').positive('invalid'),
  kind: z.enum(SIM_FAULT_KINDS, { error: 'invalid' }),
});
export type SimFaultBody = z.input<typeof simFaultBodySchema>;

/** What the simulator did with a fault: given (or cleared), or the device is not one it runs or can fault so. */
export const SIM_FAULT_OUTCOMES = ['ok', 'notSimulated', 'notSupported'] as const;
export type SimFaultOutcome = (typeof SIM_FAULT_OUTCOMES)[number];

export const simFaultResultSchema = z.object({
  deviceId: z.number().int(),
  kind: z.enum(SIM_FAULT_KINDS).nullable(),
});

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
