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

/**
 * The templates this vitest run builds, by database (a server URL, or '' for the embedded one). Vitest runs
 * each project's global setup in its main process, one project after another, so the projects on the same
 * database (server, its isolated files, the bridge) share one template here, and the first setup starts
 * every database's build at once: built per project, the run spent its first 20 s with no file running.
 * The last project's teardown drops them.
 */
interface Shared {
  builds: Map<string, ReturnType<typeof buildTemplate>>;
  users: number;
}
const SHARED = Symbol.for('sbuilding.test.templates');
const store = globalThis as { [SHARED]?: Shared };

/** A build that nobody may await (its projects' files filtered out) must not fail the run unhandled. */
function startBuild(url: string): ReturnType<typeof buildTemplate> {
  const build = buildTemplate(url || undefined);
  build.catch(() => undefined);
  return build;
}

/** The server URL a project's API files run on ('' for the embedded database). */
function databaseOf(project: TestProject): string {
  return project.config.env.TEST_DB_DRIVER === 'pg' ? (process.env.TEST_DATABASE_URL ?? '') : '';
}

export default async function setup(project: TestProject) {
  const given = project.config.env.TEST_DB_DRIVER === 'pg' ? undefined : givenTemplate();
  if (given) {
    project.provide('serverTemplate', given);
    // The run that built it removes it.
    return;
  }
  // The project's env (the PostgreSQL projects set TEST_DB_DRIVER) reaches its workers, not this process: read it here.
  let shared = store[SHARED];
  if (!shared) {
    const wanted = new Set(
      project.vitest.projects
        .filter((p) =>
          [p.config.globalSetup].flat().some((file) => file.endsWith('/src/test/global-setup.ts')),
        )
        .map(databaseOf),
    );
    shared = { builds: new Map([...wanted].map((url) => [url, startBuild(url)])), users: 0 };
    store[SHARED] = shared;
  }
  const url = databaseOf(project);
  let build = shared.builds.get(url);
  if (!build) {
    build = startBuild(url);
    shared.builds.set(url, build);
  }
  project.provide('serverTemplate', (await build).template);
  shared.users += 1;
  const own = shared;
  return async () => {
    own.users -= 1;
    if (own.users > 0) return;
    delete store[SHARED];
    const built = await Promise.allSettled(own.builds.values());
    await Promise.all(built.map((b) => (b.status === 'fulfilled' ? b.value.drop() : undefined)));
  };
}
