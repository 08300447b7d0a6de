import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { exposition } from '../../platform/metrics.js';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket names them). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * GET /metrics: the Prometheus text page of this node (platform/metrics.ts). It names no tenant's data, but
 * it tells how busy the platform is and which routes fail, so it is guarded: with METRICS_TOKEN, only a
 * request bearing it (compared in constant time) is answered; without, only a client on this machine (the
 * socket's own address: a forwarded header could be forged).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metricsToken;
  const expected = token ? digest(token) : null;
  app.get(
    '/metrics',
    {
      config: {
        access: {
          public:
            'METRICS_TOKEN as a bearer token, checked in the route; unset: loopback clients only (figures, no tenant data)',
        },
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (expected) {
        const [scheme, given] = (request.headers.authorization ?? '').split(' ');
        if (scheme !== 'Bearer' || !given || !crypto.timingSafeEqual(digest(given), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError(401, 'metrics.tokenRequired');
        }
      } else if (!isLoopback(request.socket.remoteAddress)) {
        throw new AppError(403, 'metrics.loopbackOnly');
      }
      const page = await exposition(app.metrics);
      return reply.type(page.contentType).send(page.body);
    },
  );
};
