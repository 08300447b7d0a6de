import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modbus_server.py');

export type ModbusTable = 'hr' | 'ir' | 'co' | 'di';

/**
 * The Python that has Debian's python3-pymodbus: BRIDGE_TEST_PYTHON, else /usr/bin/python3 (a python3 of
 * pyenv or a venv earlier on the PATH does not see Debian's packages), else python3. Throws, naming the
 * package to install, when none can import pymodbus: the Modbus tests fail then, they are never skipped.
 */
export function pymodbusPython(): string {
  const candidates = [process.env.BRIDGE_TEST_PYTHON, '/usr/bin/python3', 'python3'].filter(
    (c): c is string => !!c && (c === 'python3' || fs.existsSync(c)),
  );
  const tried: string[] = [];
  for (const python of candidates) {
    const probe = spawnSync(python, ['-c', 'import pymodbus; print(pymodbus.__version__)'], {
      encoding: 'utf8',
    });
    if (probe.status === 0) return python;
    tried.push(`${python}: ${(probe.stderr || String(probe.error ?? '')).trim().split('\n').at(-1) ?? ''}`);
  }
  throw new Error(
    `The Modbus tests need a real Modbus TCP server from Debian's python3-pymodbus, which is not installed ` +
      `(apt-get install python3-pymodbus; .ci/run installs it). Tried ${tried.join('; ')}`,
  );
}

/**
 * A real Modbus TCP server (pymodbus, test/modbus_server.py) on 127.0.0.1: units 1-3, 200 of each table
 * from address 0. `set` and `get` change and read its tables from the test (a line of JSON each way).
 */
export class ModbusServer {
  private readonly answers: ((line: string) => void)[] = [];

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly port: number,
    lines: readline.Interface,
  ) {
    lines.on('line', (line) => this.answers.shift()?.(line));
  }

  /** Starts a server on `port` (a free one when 0) and resolves once it serves. */
  static async start(port = 0): Promise<ModbusServer> {
    const child = spawn(pymodbusPython(), [SCRIPT, String(port)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = readline.createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      const exited = (code: number | null) =>
        reject(new Error(`modbus_server.py exited (${code}): ${stderr}`));
      child.once('exit', exited);
      lines.once('line', (line) => {
        child.off('exit', exited);
        resolve(line);
      });
    });
    const started: unknown = JSON.parse(first);
    if (
      typeof started !== 'object' ||
      started === null ||
      !('port' in started) ||
      typeof started.port !== 'number'
    )
      throw new Error(`modbus_server.py said ${first}`);
    return new ModbusServer(child, started.port, lines);
  }

  private ask(command: Record<string, unknown>): Promise<number[]> {
    return new Promise((resolve, reject) => {
      this.answers.push((line) => {
        const answer: { ok: boolean; values?: number[]; error?: string } = JSON.parse(line);
        if (answer.ok) resolve(answer.values ?? []);
        else reject(new Error(answer.error));
      });
      this.child.stdin.write(`${JSON.stringify(command)}\n`);
    });
  }

  async set(table: ModbusTable, address: number, values: number[], unit = 1): Promise<void> {
    await this.ask({ op: 'set', unit, table, address, values });
  }

  get(table: ModbusTable, address: number, count = 1, unit = 1): Promise<number[]> {
    return this.ask({ op: 'get', unit, table, address, count });
  }

  /** Stops it: the port closes and the device stops answering. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}
