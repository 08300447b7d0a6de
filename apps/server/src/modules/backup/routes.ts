import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { errorResponses } from '../../platform/openapi.js';
import { archiveLength, backupDirectories, writeArchive } from './archive.js';
import { makeBackup } from './make.js';

/**
 * GET /system/backup: the whole platform as one archive (modules/backup/README.md), for the platform
 * administrator's session only (`platform:backup`: it holds every password hash and sealed secret). One at a
 * time per node: a second answers 409 while the first is made.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  let running = false;
  app.get(
    '/system/backup',
    {
      config: { access: { action: 'platform:backup' } },
      schema: {
        tags: ['system'],
        summary:
          'A backup of the whole platform (database snapshot, stored files, manifest with counts and checksums) as a tar; npm run restore brings it back',
        response: errorResponses(409),
      },
    },
    async (request, reply) => {
      if (running) throw new AppError(409, 'backup.running');
      running = true;
      try {
        const kind = app.dbKind ?? 'pglite';
        const made = await makeBackup({
          kind,
          db: app.db,
          dump: () => app.dumpDatabase(),
          url: app.databaseUrl(),
          dirs: backupDirectories(app.config, kind),
          dataDir: app.config.dataDir,
        });
        const bytes = archiveLength(made.manifest);
        request.log.info({ bytes, counts: made.manifest.counts }, 'backup made');
        // Streamed from the spool as it is read: the archive can be larger than any buffer.
        const out = new PassThrough();
        void writeArchive(made.spool, made.manifest, out)
          .catch((error: unknown) => request.log.error({ err: error }, 'backup not sent in full'))
          .finally(() => {
            running = false;
            void made.dispose();
          });
        const name = `sbuilding-backup-${made.manifest.createdAt.replace(/[:.]/g, '-')}.tar`;
        return reply
          .type('application/x-tar')
          .header('Content-Length', bytes)
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(out);
      } catch (error) {
        running = false;
        throw error;
      }
    },
  );
};
