import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayPublish, mayReceive, maySubscribe, ownTopic } from './acl.js';
import { DeviceDirectory } from './directory.js';

/**
 * What an external broker asks us (README: "External broker"): may this client connect, and may it use
 * this topic. EMQX 5 calls them as its HTTP authenticator and authorizer; mosquitto-go-auth as its HTTP
 * backend. Both send JSON; the answer carries both dialects (`result`/`is_superuser` for EMQX, `ok`/`error`
 * for mosquitto-go-auth in its json response mode), each reading its own fields. The routes are public
 * (a broker has no session) and answer 401 without the shared `X-Broker-Secret`.
 */

/** The MQTT username of the server's own client at an external broker; its password is the secret. */
export const SERVER_MQTT_USERNAME = 'sbuilding-server';

const authBody = z.object({
  username: z.string().max(256).default(''),
  password: z.string().max(1024).optional(),
  clientid: z.string().max(256).optional(),
});

const aclBody = z.object({
  username: z.string().max(256).default(''),
  topic: z.string().min(1).max(1024),
  /** EMQX: what the client is doing. */
  action: z.enum(['publish', 'subscribe', 'all']).optional(),
  /** mosquitto-go-auth: 1 read (a message delivered), 2 write, 3 both, 4 subscribe. */
  acc: z.coerce.number().int().min(1).max(4).optional(),
  clientid: z.string().max(256).optional(),
});

const superuserBody = z.object({ username: z.string().max(256).default('') });

const verdict = z.object({
  result: z.enum(['allow', 'deny']),
  is_superuser: z.boolean(),
  ok: z.boolean(),
  error: z.string(),
});

function answer(allowed: boolean, superuser = false, reason = '') {
  return {
    result: allowed ? ('allow' as const) : ('deny' as const),
    is_superuser: allowed && superuser,
    ok: allowed,
    error: allowed ? '' : reason,
  };
}

/** Compares in constant time, so the secret cannot be guessed from response times. */
function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(secret).digest();
  return crypto.timingSafeEqual(a, b);
}

export const brokerAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = () => new DeviceDirectory(app.db);
  const routeOptions = {
    config: {
      access: { public: "the broker's shared secret (X-Broker-Secret), checked by this context's hook" },
    },
    schema: { hide: true, response: { 200: verdict, 401: verdict } },
  } as const;

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-broker-secret'];
    if (!sameSecret(typeof header === 'string' ? header : undefined, app.secrets.brokerSecret())) {
      request.log.warn({ url: request.url }, 'broker call without the right X-Broker-Secret');
      return reply.status(401).send(answer(false, false, 'bad broker secret'));
    }
  });

  app.post(
    '/mqtt/auth',
    { ...routeOptions, schema: { ...routeOptions.schema, body: authBody } },
    async (request) => {
      const { username, password } = request.body;
      if (username === SERVER_MQTT_USERNAME) {
        return sameSecret(password, app.secrets.brokerSecret())
          ? answer(true, true)
          : answer(false, false, 'bad password');
      }
      const device = await directory().byToken(username);
      if (!device)
        request.log.warn({ clientid: request.body.clientid }, 'mqtt connect refused: unknown access token');
      return device ? answer(true) : answer(false, false, 'unknown access token');
    },
  );

  app.post(
    '/mqtt/superuser',
    { ...routeOptions, schema: { ...routeOptions.schema, body: superuserBody } },
    async (request) => answer(request.body.username === SERVER_MQTT_USERNAME, true, 'not a superuser'),
  );

  app.post(
    '/mqtt/acl',
    { ...routeOptions, schema: { ...routeOptions.schema, body: aclBody } },
    async (request) => {
      const { username, topic, action, acc } = request.body;
      // Authenticated with the secret at connect: the server's own client may use every topic.
      if (username === SERVER_MQTT_USERNAME) return answer(true, true);
      const device = await directory().byToken(username);
      const own = device ? ownTopic(username, topic) : null;
      let allowed = false;
      if (device && own !== null) {
        if (acc === 1) allowed = mayReceive(device, own);
        else if (acc === 4 || action === 'subscribe') allowed = maySubscribe(device, own);
        else if (acc === 2 || action === 'publish') allowed = mayPublish(device, own);
        else allowed = mayPublish(device, own) && maySubscribe(device, own);
      }
      if (!allowed)
        request.log.warn({ deviceId: device?.id, topic, action, acc }, 'mqtt topic refused by ACL');
      return answer(allowed, false, 'topic not allowed');
    },
  );
};
