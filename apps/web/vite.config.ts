import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  // Brotli and gzip copies made once at build time, served by the server as the browser accepts them.
  plugins: [react(), precompress()],
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
            {
              name: 'core',
              test: (id: string) => CORE_PACKAGES.test(id) && !/dayjs[\\/](locale|plugin)[\\/]/.test(id),
            },
          ],
        },
      },
    },
  },
});
