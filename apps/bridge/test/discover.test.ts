import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { parseUnits } from '../src/discover.js';
import { ModbusServer } from './modbus-server.js';

/**
 * `discover` against a real Modbus TCP server (Debian's python3-pymodbus, units 1-3): the units that answer
 * become a complete file the bridge accepts, each value a point with its value at the scan beside it.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbuilding-bridge-discover-'));
let server: ModbusServer;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(ROOT, 'apps/bridge/src/cli.ts'), ...args],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  server = await ModbusServer.start();
  await server.set('hr', 0, [260, 7]);
  await server.set('co', 2, [1]);
  await server.set('ir', 0, [42], 2);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('discover', () => {
  it('writes a file the bridge accepts, one device per unit that answers, each value a point', async () => {
    const file = path.join(dir, 'found.yaml');
    const run = await cli(
      'discover',
      '--url',
      'mqtt://127.0.0.1:1883',
      '--token',
      'GATEWAY-TOKEN',
      '--modbus',
      `127.0.0.1:${server.port}`,
      '--units',
      '1-4',
      '--count',
      '4',
      '--timeout-ms',
      '300',
      '--out',
      file,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('found 3 unit(s): 1, 2, 3');
    const config = loadConfig(file);
    expect(config.platform).toMatchObject({ url: 'mqtt://127.0.0.1:1883', token: 'GATEWAY-TOKEN' });
    expect(config.devices.map((d) => [d.name, d.unit, d.port])).toEqual([
      ['127.0.0.1 unit 1', 1, server.port],
      ['127.0.0.1 unit 2', 2, server.port],
      ['127.0.0.1 unit 3', 3, server.port],
    ]);
    const unit1 = config.profiles.unit1;
    expect(Object.keys(unit1?.points ?? {})).toHaveLength(16);
    expect(unit1?.points.holding0).toMatchObject({ table: 'holding', address: 0, scale: 1 });
    expect(unit1?.points.coil2).toMatchObject({ table: 'coil', address: 2 });
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/holding0: \{[^}]*\} # 260 at the scan/);
    expect(text).toMatch(/coil2: \{[^}]*\} # 1 at the scan/);
    expect(text).toMatch(/unit2:[\s\S]*input0: \{[^}]*\} # 42 at the scan/);
    expect(text).toContain('set each to the catalogue model');
  });

  it('prints the file when no --out is given', async () => {
    const run = await cli(
      'discover',
      '--url=mqtt://127.0.0.1:1883',
      '--token=T',
      `--modbus=127.0.0.1:${server.port}`,
      '--units=2',
      '--count=2',
      '--model=ac20',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('model: ac20');
    expect(run.stdout).toContain('host: 127.0.0.1');
  });

  it('says what is wrong with its arguments, an unreachable host and a host with no unit answering', async () => {
    const base = ['discover', '--url=mqtt://127.0.0.1:1883', '--token=T'];
    const noModbus = await cli(...base);
    expect(noModbus.code).toBe(2);
    expect(noModbus.stderr).toContain('discover needs --url, --token and --modbus');
    const badUnits = await cli(...base, `--modbus=127.0.0.1:${server.port}`, '--units=5-2');
    expect(badUnits.code).toBe(2);
    expect(badUnits.stderr).toContain('--units: "5-2" is not within 0-255, low to high');
    const badModel = await cli(...base, `--modbus=127.0.0.1:${server.port}`, '--model=toaster');
    expect(badModel.code).toBe(2);
    expect(badModel.stderr).toContain('--model must be a catalogue model');
    const bacnet = await cli(...base, '--bacnet');
    expect(bacnet.code).toBe(2);
    expect(bacnet.stderr).toContain('BACnet/IP is not built yet');
    const unreachable = await cli(...base, `--modbus=127.0.0.1:${await closedPort()}`);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('cannot reach 127.0.0.1');
    const nobody = await cli(...base, `--modbus=127.0.0.1:${server.port}`, '--units=9', '--timeout-ms=200');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('no unit of 9 answered');
  });

  it('reads unit lists and ranges', () => {
    expect(parseUnits('1-3,7, 5')).toEqual([1, 2, 3, 5, 7]);
    expect(() => parseUnits('a')).toThrow('is not a unit or a range');
    expect(() => parseUnits('1-300')).toThrow('not within 0-255');
  });
});
