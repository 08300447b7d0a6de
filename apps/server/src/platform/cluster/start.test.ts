import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig } from '../env.js';
import { freePort } from '../../test/nats-server.js';
import { NatsUnreachableError } from './index.js';

describe('starting as a cluster node', () => {
  it('needs DATABASE_URL with NATS_URL, and says so naming both', () => {
    expect(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' })).toThrow(ConfigError);
    expect(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' })).toThrow(/NATS_URL.*DATABASE_URL/);
    expect(() =>
      loadConfig({ NATS_URL: 'not a url at all', DATABASE_URL: 'postgres://x@127.0.0.1/db' }),
    ).toThrow(/NATS_URL/);
    const config = loadConfig({
      NATS_URL: 'nats://127.0.0.1:4222, nats://127.0.0.1:4223',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
    });
    expect(config.natsUrl).toBe('nats://127.0.0.1:4222, nats://127.0.0.1:4223');
    expect(loadConfig({}).natsUrl).toBeUndefined();
  });

  it('stops the start with a message naming NATS_URL when no NATS server answers', async () => {
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      NATS_URL: `nats://127.0.0.1:${port}`,
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
    });
    const error = await buildApp({ config, logger: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NatsUnreachableError);
    expect((error as Error).message).toContain(
      `NATS_URL: no NATS server answers at nats://127.0.0.1:${port}`,
    );
  });

  it('runs in-process without NATS_URL, as one process always did', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      expect(app.cluster.kind).toBe('local');
      expect(app.cluster.status().connected).toBe(true);
    } finally {
      await app.close();
    }
  });
});
