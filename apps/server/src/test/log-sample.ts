import { buildApp } from '../app.js';
import { loadConfig } from '../platform/env.js';

/**
 * A server's first lines, for platform/logger.test.ts: the app as main.ts builds it (its logger chosen by
 * LOG_FORMAT and whether stdout is a terminal), a few requests as a console makes them, and lines of each
 * level. Run as a child process, on a pseudo-terminal or a pipe.
 */
const app = await buildApp({ config: loadConfig() });
for (const url of ['/health', '/health', '/no-such-page']) await app.inject({ method: 'GET', url });
app.log.info({ devices: 42, speed: 1 }, 'building simulator running');
app.log.debug({ deviceId: 7 }, 'device connected');
app.log.warn({ deviceId: 7, topic: 'v1/devices/me/x' }, 'mqtt publish refused by topic ACL');
await app.close();
