import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Config } from '../env.js';
import { AppError } from '../errors.js';

const MIN_SECRET_LENGTH = 32;

/**
 * The token signing key: JWT_SECRET when set, otherwise a random secret generated on the first start and
 * kept in `${DATA_DIR}/jwt-secret` (mode 0600), so tokens survive a restart and every process sharing the
 * data dir signs alike.
 */
export function loadSigningKey(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret ?? readOrCreateSecret(config.dataDir, 'jwt-secret'));
}

/**
 * The secret an external MQTT broker and the server share (`X-Broker-Secret` of its HTTP auth calls, and
 * the server's own MQTT password): MQTT_BROKER_SECRET when set, otherwise generated once and kept in
 * `${DATA_DIR}/mqtt-broker-secret` like the token signing key.
 */
export function loadBrokerSecret(config: Pick<Config, 'mqttBrokerSecret' | 'dataDir'>): string {
  return config.mqttBrokerSecret ?? readOrCreateSecret(config.dataDir, 'mqtt-broker-secret');
}

/** Where the token signing key comes from: ServerSecrets, or a fixed key in tests. */
export interface SigningKeySource {
  signingKey(): Uint8Array;
}

type SecretConfig = Pick<Config, 'jwtSecret' | 'mqttBrokerSecret' | 'dataDir'>;

/**
 * The server's secrets once its database is open: JWT_SECRET and MQTT_BROKER_SECRET when set, otherwise
 * the generated ones kept in the database (server_secrets), so that every node on one database signs and
 * checks tokens, file links and sealed values alike. The first node to start stores them: a secret an
 * earlier version generated in DATA_DIR is carried over (tokens and sealed values stay valid), else a new
 * random one; INSERT … ON CONFLICT DO NOTHING, then every node reads the stored one.
 */
export class ServerSecrets implements SigningKeySource {
  private signing: Uint8Array | undefined;
  private broker: string | undefined;

  constructor(private readonly config: SecretConfig) {
    if (config.jwtSecret) this.signing = new TextEncoder().encode(config.jwtSecret);
    if (config.mqttBrokerSecret) this.broker = config.mqttBrokerSecret;
  }

  /** Reads (and, on the first start, stores) the secrets not configured. */
  async load(db: Db): Promise<void> {
    if (!this.signing) {
      this.signing = new TextEncoder().encode(await storedSecret(db, this.config.dataDir, 'jwt-secret'));
    }
    this.broker ??= await storedSecret(db, this.config.dataDir, 'mqtt-broker-secret');
  }

  /** The token signing key; 503 (still starting) before the database is open. */
  signingKey(): Uint8Array {
    if (!this.signing) throw new AppError(503, 'error.notReady');
    return this.signing;
  }

  /** The external broker's shared secret; 503 (still starting) before the database is open. */
  brokerSecret(): string {
    if (this.broker === undefined) throw new AppError(503, 'error.notReady');
    return this.broker;
  }
}

/** The stored secret of this name, stored first if no node did yet. */
async function storedSecret(db: Db, dataDir: string, name: string): Promise<string> {
  const candidate = existingSecret(dataDir, name) ?? crypto.randomBytes(48).toString('base64url');
  await db.execute(
    sql`insert into server_secrets (name, value) values (${name}, ${candidate}) on conflict (name) do nothing`,
  );
  const result = await db.execute(sql`select value from server_secrets where name = ${name}`);
  const rows: unknown = typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : [];
  const [row]: unknown[] = Array.isArray(rows) ? rows : [];
  const value: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, 'value') : undefined;
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
    throw new Error(`server_secrets holds no usable ${name}: delete its row`);
  }
  return value;
}

/** A secret an earlier version generated in DATA_DIR, if there is one (carried over to the database). */
function existingSecret(dataDir: string, name: string): string | undefined {
  try {
    const secret = fs.readFileSync(path.join(dataDir, name), 'utf8').trim();
    return secret.length >= MIN_SECRET_LENGTH ? secret : undefined;
  } catch {
    return undefined;
  }
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting together keep the first one's secret.
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete it`);
  }
  return secret;
}
