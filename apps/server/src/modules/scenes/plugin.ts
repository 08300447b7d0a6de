import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SceneEvents } from './events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scene runs that sent commands, told after their run row is settled (notifications listen). */
    sceneEvents: SceneEvents;
  }
}

/** The scene events of the process; every `SceneDeps` built by the app carries them. */
export const sceneEventsPlugin = fp(
  async (app: FastifyInstance) => {
    const events = new SceneEvents();
    app.decorate('sceneEvents', events);
    events.onRun(({ run }) => app.metrics.automation.sceneRuns.inc({ outcome: run.outcome }));
  },
  { name: 'scene-events', dependencies: ['metrics'] },
);
