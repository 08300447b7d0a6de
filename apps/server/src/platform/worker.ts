import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * tsx's ESM loader entry, found through its package's exports (its CommonJS entry registers a loader that
 * cannot find its own files from a worker, and vitest's module runner has no `import.meta.resolve`).
 */
function tsxLoader(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const parsed: unknown = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const entry: unknown =
    typeof parsed === 'object' && parsed !== null
      ? Reflect.get(
          Reflect.get(Reflect.get(Reflect.get(parsed, 'exports') ?? {}, './esm/api') ?? {}, 'import') ?? {},
          'default',
        )
      : undefined;
  if (typeof entry !== 'string')
    throw new Error('tsx/esm/api not found: run the built server, or npm install');
  return pathToFileURL(path.join(path.dirname(manifest), entry)).href;
}

/**
 * Starts a worker thread on a module of this package. Built, the module is a .js file Node runs itself; run
 * from source (the tests, `npm run dev`), it is a .ts file, which the worker loads through tsx's loader
 * (registered first, inside the worker: a loader of the parent thread does not reach it).
 */
export function startWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, options);
  const boot = `import(${JSON.stringify(tsxLoader())}).then((api) => { api.register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
