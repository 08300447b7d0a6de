import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markRoutes } from './mark-routes.js';
import { meshRoutes } from './mesh-routes.js';

/** /sbuilding/{mark,mesh}/*: marks on floor plans and the mesh versions they make. Protected context. */
export const deviceMarkRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(markRoutes);
  await app.register(meshRoutes);
};
