import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unbindMarkOfDevice } from './mark-service.js';

/**
 * A device deleted or moved to another floor leaves its mark on the old plan, unbound (a mesh version
 * records it), in the device's own transaction: the registry's device hook.
 */
export const deviceMarksPlugin = fp(
  async (app: FastifyInstance) => {
    app.deviceHooks.add(async ({ tx, scope, deviceId, lang }) => {
      await unbindMarkOfDevice(tx, scope, deviceId, lang);
    });
  },
  { name: 'device-marks', dependencies: ['device-hooks'] },
);
