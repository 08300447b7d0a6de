import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attributeRoutes } from './attribute-routes.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { createRoutes } from './create-routes.js';
import { registryRoutes } from './registry-routes.js';

/** /sbuilding/device/*, /sbuilding/4G-device/*, /sbuilding/dev-client-attr/* and the catalogue. Protected context. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(registryRoutes);
  await app.register(createRoutes);
  await app.register(attributeRoutes);
};
