import type { TestProject } from 'vitest/node';
import { buildTemplate } from './template.js';

/** Builds the run's seeded database once (test/template.ts); every createTestApp copies it. */
export default async function setup(project: TestProject) {
  // The project's env (server-pg sets TEST_DB_DRIVER) reaches its workers, not this process: read it here.
  const serverUrl = project.config.env.TEST_DB_DRIVER === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  const { template, drop } = await buildTemplate(serverUrl);
  project.provide('serverTemplate', template);
  return drop;
}
