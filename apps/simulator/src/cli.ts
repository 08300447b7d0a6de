#!/usr/bin/env node
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { backfill } from './backfill.js';
import type { Log } from './link.js';
import { startSimulator } from './simulator.js';

const USAGE = `Usage: node apps/simulator/dist/cli.js --api <url> --token <token> --mqtt <url>
         [--speed <n>] [--backfill <days>d] [--step <minutes>] [--detail <days>d] [--verbose]
  --speed     simulated seconds per real second (default: SIM_SPEED or 1)
  --backfill  write that many days of history (e.g. 90d) as fast as the broker accepts, then exit
  --step      minutes between two readings of the backfill (default 15)
  --detail    only the last that many days in full; before them only the energy meters, hourly
While it runs, type 'unplug <device id>' to pull a device's plug and 'plug <device id>' to power it up.`;

/** '90d' or '90' → 90 days. */
function parseDays(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)d?$/.exec(value.trim());
  const days = match ? Number(match[1]) : NaN;
  return Number.isFinite(days) && days > 0 ? days : null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      api: { type: 'string' },
      token: { type: 'string' },
      mqtt: { type: 'string' },
      speed: { type: 'string' },
      backfill: { type: 'string' },
      step: { type: 'string' },
      detail: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.api || !values.token || !values.mqtt) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const log: Log = (level, msg, data) => {
    if (level === 'debug' && !values.verbose) return;
    console.error(`${new Date().toISOString()} ${level} ${msg}${data ? ` ${JSON.stringify(data)}` : ''}`);
  };
  const common = { apiUrl: values.api, token: values.token, mqttUrl: values.mqtt, log };

  if (values.backfill !== undefined) {
    const days = parseDays(values.backfill);
    if (days === null) {
      console.error(`--backfill: expected a number of days such as 90d, got ${values.backfill}`);
      process.exit(2);
    }
    const stepMinutes = values.step ? Number(values.step) : undefined;
    const detailDays = values.detail === undefined ? undefined : parseDays(values.detail);
    if (detailDays === null) {
      console.error(`--detail: expected a number of days such as 7d, got ${values.detail}`);
      process.exit(2);
    }
    const result = await backfill({ ...common, days, stepMinutes, detailDays });
    console.log(
      `backfill: ${result.points} readings of ${result.devices} devices in ${result.messages} messages, ` +
        `${result.seconds} s (${Math.round(result.points / Math.max(result.seconds, 0.001))} readings/s)`,
    );
    return;
  }

  const speed = Number(values.speed ?? process.env.SIM_SPEED ?? 1);
  const simulator = await startSimulator({ ...common, speed: Number.isFinite(speed) ? speed : 1 });
  const stats = setInterval(() => log('info', 'stats', { ...simulator.stats() }), 60_000);
  const stop = () => {
    clearInterval(stats);
    void simulator.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Typed commands: `unplug <device id>` pulls a device's plug, `plug <device id>` powers it up again.
  const commands = createInterface({ input: process.stdin, terminal: false });
  commands.on('line', (line) => {
    const [verb, id] = line.trim().split(/\s+/);
    if (!verb) return;
    const deviceId = Number(id);
    if ((verb !== 'unplug' && verb !== 'plug') || !Number.isInteger(deviceId)) {
      console.error('commands: unplug <device id> | plug <device id>');
      return;
    }
    void simulator[verb](deviceId).then((found) => {
      if (!found) console.error(`${verb}: the simulator runs no device ${deviceId}`);
    });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
