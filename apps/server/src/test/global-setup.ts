import type { TestProject } from 'vitest/node';
import { buildTemplate, type SeededTemplate } from './template.js';

/** Builds the run's seeded database once (test/template.ts); every createTestApp copies it. */
/**
 * A template another run built and keeps (TEST_SERVER_TEMPLATE: its JSON), which this run uses as it is: the
 * generated-code workspace test runs a child vitest in a copy of the workspace on the parent run's template.
 */
function givenTemplate(): SeededTemplate | undefined {
  const given = process.env.TEST_SERVER_TEMPLATE;
  if (!given) return undefined;
  const parsed: unknown = JSON.parse(given);
  if (typeof parsed !== 'object' || parsed === null || !('uploadDir' in parsed)) return undefined;
  const { uploadDir } = parsed;
  const pgliteTar = 'pgliteTar' in parsed ? parsed.pgliteTar : undefined;
  if (typeof uploadDir !== 'string' || typeof pgliteTar !== 'string') return undefined;
  return { uploadDir, pgliteTar };
}

export default async function setup(project: TestProject) {
  const given = project.config.env.TEST_DB_DRIVER === 'pg' ? undefined : givenTemplate();
  if (given) {
    project.provide('serverTemplate', given);
    // The run that built it removes it.
    return;
  }
  // The project's env (the PostgreSQL projects set TEST_DB_DRIVER) reaches its workers, not this process: read it here.
  const serverUrl = project.config.env.TEST_DB_DRIVER === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  const { template, drop } = await buildTemplate(serverUrl);
  project.provide('serverTemplate', template);
  return drop;
}
