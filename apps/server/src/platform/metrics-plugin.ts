import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ping } from './db/client.js';
import { createMetrics, startProcessFigures, type Metrics } from './metrics.js';
import { RELEASE } from './release.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The figures GET /metrics shows (platform/metrics.ts); the parts that own an event feed them. */
    readonly metrics: Metrics;
  }
}

/**
 * The app's metrics registry, and what the platform itself measures: every HTTP answer by its route's pattern
 * (`/sbuilding/device/{id}`, never the URL: one series per route, not per id), and the database's and the
 * cluster seam's state, asked at each scrape. Registered before the routes.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    startProcessFigures();
    const metrics = createMetrics({
      node: `${os.hostname()}:${app.config.port}`,
      nodeId: app.cluster.nodeId,
      release: RELEASE,
    });
    app.decorate('metrics', metrics);
    metrics.probes.database = async () => {
      if (!app.started) return false;
      await ping(app.db);
      return true;
    };
    metrics.probes.cluster = () => app.cluster.status().connected;
    metrics.probes.databaseKind = () => app.dbKind;
    app.addHook('onResponse', async (request, reply) => {
      // A request no route matched (a 404, a scan) counts under one label, whatever its URL.
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      metrics.http.requests.inc(labels);
      metrics.http.seconds.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
