#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { Bridge } from './bridge.js';
import { ConfigError, loadConfig } from './config.js';
import { jsonLog, type LogLevel } from './log.js';

const USAGE = `usage: sbuilding-bridge --config bridge.yaml [--log-level debug|info|warn|error]
       (npm run bridge -- --config bridge.yaml)`;

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        config: { type: 'string', short: 'c' },
        'log-level': { type: 'string', default: 'info' },
        help: { type: 'boolean', short: 'h' },
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
  if (positionals.length > 0)
    fail(`unknown command ${positionals.join(' ')} (discover is not built yet)\n${USAGE}`, 2);
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
