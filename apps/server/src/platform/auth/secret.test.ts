import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSigningKey } from './secret.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-secret-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the token signing key', () => {
  it('is JWT_SECRET when set, and then nothing is written to the data dir', () => {
    const dataDir = tempDir();
    const key = loadSigningKey({ jwtSecret: 's'.repeat(40), dataDir });
    expect(new TextDecoder().decode(key)).toBe('s'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('is generated once into DATA_DIR/jwt-secret with mode 0600 and reused after a restart', () => {
    const dataDir = tempDir();
    const first = loadSigningKey({ jwtSecret: undefined, dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadSigningKey({ jwtSecret: undefined, dataDir })).toEqual(first);
    expect(loadSigningKey({ jwtSecret: undefined, dataDir: tempDir() })).not.toEqual(first);
  });

  it('refuses to start with a kept secret that is too short', () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'short');
    expect(() => loadSigningKey({ jwtSecret: undefined, dataDir })).toThrow(/shorter than 32/);
  });
});
