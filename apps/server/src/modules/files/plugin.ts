import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileLinks } from './links.js';
import type { FilesContext } from './service.js';
import { FileStore } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: the store under UPLOAD_DIR and the signer of file links. */
    readonly files: FilesContext;
  }
}

/** Decorates the app with the file store and link signer, for the file routes, row mappers and the seed. */
export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('files', {
      store: new FileStore(app.storage.uploads),
      links: new FileLinks(app.secrets),
    });
  },
  { name: 'files' },
);
