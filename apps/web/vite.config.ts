import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cataloguePart } from './build/catalogue-part.ts';
import { precompress } from './build/compress.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
const API_PATHS = [
  '/login',
  '/logout',
  '/getInfo',
  '/getRouters',
  '/captchaImage',
  '/sbuilding',
  '/system',
  '/common',
  '/health',
  '/docs',
  '/profile',
];

/**
 * Packages every page needs from the first render, the login page included (dayjs's locales and plugins
 * are not: Chinese and the date pickers load theirs).
 */
const CORE_PACKAGES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|axios|zod|@tanstack|zustand|dayjs|stylis|@emotion|@babel[\\/]runtime|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/;

const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/** antd's index re-exports every component: an import of it says nothing about which one is used. */
const ANTD_INDEX = /node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Every module the entry imports statically, through any chain of static imports but not through antd's
 * index (the login page's files import each antd component by its own path, so what they use is followed):
 * what the login page runs before its first paint, whichever lazy pages also use it.
 */
function staticClosure(graph: ModuleGraph): Set<string> {
  const seen = new Set([MAIN]);
  const queue = [MAIN];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(next) || ANTD_INDEX.test(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

let loginModules: Set<string> | undefined;

export default defineConfig({
  // Brotli and gzip copies made once at build time, served by the server as the browser accepts them.
  plugins: [react(), cataloguePart(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['source'],
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(
        API_PATHS.map((p) => [
          p,
          {
            target: API_TARGET,
            bypass: (req: { headers: { accept?: string } }) =>
              req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
          },
        ]),
      ),
      '/websocket': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page starts with, the login page included, as one file instead of a dozen small
            // ones split by which lazy pages also use them: each request costs its headers and a round trip.
            // The packages' code the login page runs (antd's form, input, button... as its files import
            // them) joins it: otherwise it comes as a dozen small files cut by which lazy pages share each
            // piece, each with its own headers (about 430 bytes a file).
            {
              name: (id: string, graph: ModuleGraph) => {
                if (CORE_PACKAGES.test(id)) return /dayjs[\\/](locale|plugin)[\\/]/.test(id) ? null : 'core';
                if (!NODE_MODULES.test(id)) return null;
                loginModules ??= staticClosure(graph);
                return loginModules.has(id) ? 'core' : null;
              },
            },
          ],
        },
      },
    },
  },
});
