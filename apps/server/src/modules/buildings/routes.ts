import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { floorRoutes } from './floor-routes.js';
import { hallRoutes } from './hall-routes.js';
import { zoneRoutes } from './zone-routes.js';

/** /sbuilding/{hall,floor,sector}/*: buildings, floors and zones. Registered in the protected context. */
export const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(hallRoutes);
  await app.register(floorRoutes);
  await app.register(zoneRoutes);
};
