import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../env.js';

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
