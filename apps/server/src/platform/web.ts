import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { translate } from './i18n/index.js';

/**
 * Helmet's headers that only a document (or a worker) acts on. A script or stylesheet ignores them, yet
 * they cost about 540 bytes on each of the login page's 20-odd asset responses (issue 18,
 * bench/login-page.bench.mjs). X-Content-Type-Options, Cross-Origin-Resource-Policy and Referrer-Policy
 * stay: they apply to subresources.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

function hasRemoveHeader(res: object): res is Pick<ServerResponse, 'removeHeader'> {
  return 'removeHeader' in res && typeof res.removeHeader === 'function';
}

/** Paths that belong to the API: never answered with the console's index.html. */
const API_PREFIXES = ['/sbuilding/', '/system/', '/common/', '/websocket/', '/docs', '/health'];

/**
 * Serves the built console on the API's origin, and index.html for any other GET that asks for HTML
 * (client-side routes such as /board/index); API paths answer a 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const index = path.join(opts.webDist, 'index.html');
    const hasConsole = fs.existsSync(index);
    if (hasConsole) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text asset (apps/web/build/compress.ts): the one the
        // browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
        preCompressed: true,
        // Hashed assets never change; index.html must be revalidated so a deploy is picked up. send's own
        // Cache-Control (max-age=0) is off: it was written after ours and replaced it.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The console starts no worker from a file of its own (map workers are blob: URLs). At run time
          // `res` is Node's ServerResponse (send's); the plugin's type names only two of its methods.
          if (hashed && /\.(js|css)(\.br|\.gz)?$/.test(filePath) && hasRemoveHeader(res))
            for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
          // The same URL answers brotli, gzip or plain bytes: caches must key on what was accepted.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    } else {
      app.log.warn({ webDist: opts.webDist }, 'console build not found: run npm run build');
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (hasConsole && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p))) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ code: 404, msg: translate(request.lang, 'error.notFound'), data: null });
    });
  },
  { name: 'web', dependencies: ['error-handler'] },
);
