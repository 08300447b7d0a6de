import ModbusSerial from 'modbus-serial';
import { DEVICE_MODELS, type ModelId } from '@sbuilding/shared';
import { Document, YAMLMap } from 'yaml';
import type { ModbusTable } from './config.js';

// A CommonJS module: its `default` is the client class both at run time and in its types.
const ModbusRTU = ModbusSerial.default;

/** What to scan: a Modbus TCP host's units, the first `count` addresses of each table. */
export interface ModbusScan {
  host: string;
  port: number;
  units: number[];
  /** Addresses read from 0 in each table (registers and bits alike). */
  count: number;
  timeoutMs: number;
}

/** One unit that answered: the values of the tables it served (a table it refused is left out). */
export interface FoundUnit {
  unit: number;
  tables: Partial<Record<ModbusTable, number[]>>;
}

const TABLES: readonly ModbusTable[] = ['holding', 'input', 'coil', 'discrete'];

/** The device answered with a Modbus exception: it is there, it does not serve that table. */
function isException(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'modbusCode' in error;
}

/**
 * Reads the first addresses of every table of each unit, one request at a time. A unit that answers at least
 * one request (even with an exception) is there; one that never answers within the timeout is not. Throws when
 * the host cannot be reached at all.
 */
export async function scanModbus(scan: ModbusScan): Promise<FoundUnit[]> {
  const client = new ModbusRTU();
  await client.connectTCP(scan.host, { port: scan.port, timeout: scan.timeoutMs });
  client.setTimeout(scan.timeoutMs);
  const found: FoundUnit[] = [];
  try {
    for (const unit of scan.units) {
      client.setID(unit);
      const tables: FoundUnit['tables'] = {};
      let answered = false;
      for (const table of TABLES) {
        try {
          const values =
            table === 'holding'
              ? (await client.readHoldingRegisters(0, scan.count)).data
              : table === 'input'
                ? (await client.readInputRegisters(0, scan.count)).data
                : table === 'coil'
                  ? (await client.readCoils(0, scan.count)).data.slice(0, scan.count).map(Number)
                  : (await client.readDiscreteInputs(0, scan.count)).data.slice(0, scan.count).map(Number);
          tables[table] = values;
          answered = true;
        } catch (error) {
          if (isException(error)) answered = true;
          // A timeout: the unit is not there (or this table hangs it); nothing more is asked of it.
          else break;
        }
      }
      if (answered) found.push({ unit, tables });
    }
  } finally {
    await new Promise<void>((resolve) => client.close(() => resolve()));
  }
  return found;
}

/** `1-10`, `1,3,5`, `1-3,7`: the unit ids (0-255) in order, each once. */
export function parseUnits(text: string): number[] {
  const units = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$/.exec(part);
    if (!match) throw new Error(`--units: "${part}" is not a unit or a range of units (e.g. 1-10 or 1,3,5)`);
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from > 255 || to > 255 || to < from)
      throw new Error(`--units: "${part}" is not within 0-255, low to high`);
    for (let unit = from; unit <= to; unit += 1) units.add(unit);
  }
  return [...units].sort((a, b) => a - b);
}

export interface DiscoveredFile {
  url: string;
  token: string;
  host: string;
  port: number;
  model: ModelId;
  units: FoundUnit[];
}

/**
 * A complete configuration file for what was found: the platform from the command line, one profile and one
 * field device per unit, each value read as a point under a readable key (`holding0`, `coil3`…) with scale 1,
 * its value at the scan in a comment. The model is the one given (`--model`): the file says to check it.
 */
export function discoveredYaml(found: DiscoveredFile): string {
  const doc = new Document({
    platform: { url: found.url, token: found.token },
    queue: { dir: 'bridge-queue', maxReadings: 100_000 },
    profiles: Object.fromEntries(
      found.units.map(({ unit, tables }) => [
        `unit${unit}`,
        {
          model: found.model,
          pollSeconds: 5,
          points: Object.fromEntries(
            TABLES.flatMap((table) =>
              (tables[table] ?? []).map((_, address) => [`${table}${address}`, { table, address, scale: 1 }]),
            ),
          ),
        },
      ]),
    ),
    devices: found.units.map(({ unit }) => ({
      name: `${found.host} unit ${unit}`,
      profile: `unit${unit}`,
      host: found.host,
      port: found.port,
      unit,
    })),
  });
  doc.commentBefore =
    ` Found by: npm run bridge -- discover (${found.units.length} unit(s) on ${found.host}:${found.port}).\n` +
    ` Each profile's model is ${found.model} (${DEVICE_MODELS[found.model].category}): set each to the catalogue model\n` +
    ' the device is, rename the points, set their type and scale, and add the commands (README.md, "The file").\n' +
    ' Register each device behind the bridge in the console under the name given here.';
  // The value each point had at the scan, beside it.
  const profiles = doc.get('profiles');
  for (const { unit, tables } of found.units) {
    const points = profiles instanceof YAMLMap ? profiles.getIn([`unit${unit}`, 'points'], true) : null;
    if (!(points instanceof YAMLMap)) continue;
    for (const table of TABLES)
      (tables[table] ?? []).forEach((value, address) => {
        const node = points.get(`${table}${address}`, true);
        if (node instanceof YAMLMap) node.comment = ` ${value} at the scan`;
      });
    for (const node of points.items) if (node.value instanceof YAMLMap) node.value.flow = true;
  }
  return doc.toString({ lineWidth: 0 });
}
