import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text the browser fetches (pictures and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of the build,
 * once, at build time: the server sends the copy the browser accepts (`preCompressed` of @fastify/static) and
 * never compresses per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sbuilding-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(outDir, file))
        .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).isFile());
      for (const file of files) {
        const bytes = fs.readFileSync(file);
        if (bytes.byteLength < MIN_BYTES) continue;
        const br = zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        });
        fs.writeFileSync(`${file}.br`, br);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
