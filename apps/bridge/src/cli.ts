#!/usr/bin/env node
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { MODEL_IDS } from '@sbuilding/shared';
import { Bridge } from './bridge.js';
import { ConfigError, loadConfig, parseConfig } from './config.js';
import { discoveredYaml, parseUnits, scanModbus } from './discover.js';
import { jsonLog, type LogLevel } from './log.js';

const USAGE = `usage: sbuilding-bridge --config bridge.yaml [--log-level debug|info|warn|error]
       sbuilding-bridge discover --url mqtt://host:1883 --token TOKEN --modbus host[:port]
                        [--units 1-10] [--count 8] [--timeout-ms 1000] [--model ammeter4g] [--out file]
       (npm run bridge -- --config bridge.yaml, npm run bridge -- discover …)`;

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

interface DiscoverOptions {
  url?: string;
  token?: string;
  modbus?: string;
  bacnet?: boolean;
  units: string;
  count: string;
  'timeout-ms': string;
  model: string;
  out?: string;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`--${name} must be a whole number from ${min} to ${max}`, 2);
  return value;
}

/**
 * Scans a Modbus TCP host's units and prints a complete configuration file for what answered (to --out, else
 * stdout); the file is checked as the bridge would check it before it is written.
 */
async function discover(values: DiscoverOptions): Promise<void> {
  if (values.bacnet)
    fail('discover --bacnet: BACnet/IP is not built yet (issue 39); --modbus scans a Modbus TCP host', 2);
  if (!values.url || !values.token || !values.modbus)
    fail(`discover needs --url, --token and --modbus\n${USAGE}`, 2);
  const [host = '', portText = '502'] = values.modbus.split(':');
  if (!host) fail('--modbus must be host or host:port', 2);
  const port = wholeNumber('modbus port', portText, 1, 65535);
  const model = MODEL_IDS.find((m) => m === values.model);
  if (!model) fail(`--model must be a catalogue model: ${MODEL_IDS.join(', ')}`, 2);
  let units: number[] = [];
  try {
    units = parseUnits(values.units);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2);
  }
  const count = wholeNumber('count', values.count, 1, 120);
  const timeoutMs = wholeNumber('timeout-ms', values['timeout-ms'], 50, 60_000);
  process.stderr.write(
    `scanning ${host}:${port}, units ${values.units}, the first ${count} of each table…\n`,
  );
  let found;
  try {
    found = await scanModbus({ host, port, units, count, timeoutMs });
  } catch (error) {
    fail(`cannot reach ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
  if (found.length === 0) fail(`no unit of ${values.units} answered on ${host}:${port}`, 1);
  const text = discoveredYaml({ url: values.url, token: values.token, host, port, model, units: found });
  // What is printed is what the bridge accepts.
  parseConfig(text, values.out ?? 'discovered.yaml');
  if (values.out) fs.writeFileSync(values.out, text);
  else process.stdout.write(text);
  process.stderr.write(`found ${found.length} unit(s): ${found.map((f) => f.unit).join(', ')}\n`);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        config: { type: 'string', short: 'c' },
        'log-level': { type: 'string', default: 'info' },
        help: { type: 'boolean', short: 'h' },
        // discover
        url: { type: 'string' },
        token: { type: 'string' },
        modbus: { type: 'string' },
        bacnet: { type: 'boolean' },
        units: { type: 'string', default: '1' },
        count: { type: 'string', default: '8' },
        'timeout-ms': { type: 'string', default: '1000' },
        model: { type: 'string', default: 'ammeter4g' },
        out: { type: 'string' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
  }
  const { values, positionals } = args;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals[0] === 'discover' && positionals.length === 1) return discover(values);
  if (positionals.length > 0) fail(`unknown command ${positionals.join(' ')}\n${USAGE}`, 2);
  if (!values.config) fail(`--config is required\n${USAGE}`, 2);
  const level = LEVELS.find((l) => l === values['log-level']);
  if (!level) fail(`--log-level must be one of ${LEVELS.join(', ')}`, 2);

  let config;
  try {
    config = loadConfig(values.config);
  } catch (error) {
    // The file is refused before anything starts: the line and the reason, nothing else.
    if (error instanceof ConfigError) fail(`configuration refused:\n${error.message}`, 2);
    throw error;
  }
  const log = jsonLog(level);
  const bridge = await Bridge.start(config, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'bridge stopping', { signal });
    bridge.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(`stop failed: ${String(error)}`, 1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) =>
  fail(`bridge failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 1),
);
