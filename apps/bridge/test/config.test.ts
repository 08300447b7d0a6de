import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from '../src/config.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbuilding-bridge-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const GOOD = `platform:
  url: mqtt://127.0.0.1:1883
  token: abc
profiles:
  ahu:
    model: ac20
    points:
      roomTemp: { table: input, address: 0, type: int16, scale: 0.1 }
      onOff: { table: coil, address: 0 }
    commands:
      setOnOff:
        - { param: onOff, point: onOff }
devices:
  - name: AHU 1
    profile: ahu
    host: 10.0.0.5
`;

/** The message a configuration is refused with. */
function refusal(text: string): string {
  try {
    parseConfig(text, 'bridge.yaml');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('the bridge configuration file', () => {
  it('fills in the defaults of a short file', () => {
    const config = parseConfig(GOOD, 'bridge.yaml');
    expect(config.devices[0]).toMatchObject({ port: 502, unit: 1, timeoutMs: 2000 });
    expect(config.profiles.ahu?.pollSeconds).toBe(5);
    expect(config.profiles.ahu?.points.roomTemp).toMatchObject({
      type: 'int16',
      wordOrder: 'big',
      offset: 0,
    });
    expect(config.queue).toEqual({ dir: 'bridge-queue', maxReadings: 100_000 });
  });

  it("accepts the README's example file and resolves its queue folder next to it", () => {
    const config = loadConfig(path.join(HERE, '..', 'bridge.example.yaml'));
    expect(config.devices.map((d) => d.name)).toEqual(['AHU 1', 'Main meter']);
    expect(config.queue.dir).toBe(path.resolve(HERE, '..', 'bridge-queue'));
  });

  it('refuses a YAML syntax error with its line', () => {
    expect(refusal(GOOD.replace('  token: abc', '  token: [abc'))).toMatch(/^bridge\.yaml:\d+:\d+: /);
    // The parser finds it at the value whose next line is indented further.
    expect(refusal('platform:\n  url: a\n   token: b\n')).toBe(
      'bridge.yaml:2:8: Nested mappings are not allowed in compact mappings',
    );
  });

  it('refuses a device of an unknown profile on the line of its profile', () => {
    expect(refusal(GOOD.replace('    profile: ahu', '    profile: chiller'))).toBe(
      'bridge.yaml:15:5: devices[0].profile: no profile "chiller" (profiles: ahu)',
    );
  });

  it('refuses a wrong value, a missing field and an unknown key, each on its line', () => {
    expect(refusal(GOOD.replace('address: 0, type: int16', 'address: -1, type: int16'))).toMatch(
      /^bridge\.yaml:8:33: profiles\.ahu\.points\.roomTemp\.address: Too small/,
    );
    expect(refusal(GOOD.replace('  token: abc\n', ''))).toMatch(
      /^bridge\.yaml:1:1: platform\.token: Invalid input/,
    );
    expect(refusal(GOOD.replace('    host: 10.0.0.5', '    host: 10.0.0.5\n    hots: x'))).toMatch(
      /^bridge\.yaml:17:5: devices\[0\]: Unrecognized key: "hots"/,
    );
  });

  it('refuses commands its model does not have, parameters they do not take and writes to read-only points', () => {
    expect(refusal(GOOD.replace('      setOnOff:', '      setBrightness:'))).toContain(
      'bridge.yaml:11:7: profiles.ahu.commands.setBrightness: model ac20 has no command setBrightness',
    );
    expect(refusal(GOOD.replace('param: onOff', 'param: on'))).toContain(
      'bridge.yaml:12:13: profiles.ahu.commands.setOnOff[0].param: setOnOff has no parameter on (it has: onOff)',
    );
    expect(refusal(GOOD.replace('point: onOff }', 'point: roomTemp }'))).toContain(
      'point "roomTemp" is a read-only input register',
    );
  });

  it('is refused at start by the command line, naming the file, the line and the reason', () => {
    const file = path.join(dir, 'bad.yaml');
    fs.writeFileSync(file, GOOD.replace('    profile: ahu', '    profile: chiller'));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(ROOT, 'apps/bridge/src/cli.ts'), '--config', file],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${file}:15:5: devices[0].profile: no profile "chiller" (profiles: ahu)`);
    expect(run.stdout).toBe('');
  });
});
