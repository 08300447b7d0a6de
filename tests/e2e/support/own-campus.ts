import { afterAll, afterEach, beforeAll } from 'vitest';
import { useFileBrowser, type FileBrowser } from './file-browser.js';
import { startServer, type RunningServer } from './server.js';

export interface OwnCampus extends FileBrowser {
  /** The file's own server (started before its first test, stopped after its last). */
  server(): RunningServer;
}

/**
 * A browser file with a campus of its own (the simulator, a moved clock, its own broker port): the file's
 * Chromium and page checks (useFileBrowser), and a server started with `env` (or what `env()` answers, for a
 * port picked first). When a test fails, the server's last lines are printed beside the page's photograph: a
 * sign-in that hangs leaves nothing else to read. Call it once at the top of the file.
 */
export function useOwnCampus(
  name: string,
  env: Record<string, string> | (() => Promise<Record<string, string>>),
): OwnCampus {
  const chromium = useFileBrowser(name);
  let server: RunningServer | undefined;
  beforeAll(async () => {
    // A new user's campus, on the embedded database as `npm start` runs it.
    server = await startServer(typeof env === 'function' ? await env() : env, { database: 'embedded' });
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail' && server)
      process.stdout.write(
        `${name} server, last lines:\n${server.log().split('\n').slice(-60).join('\n')}\n`,
      );
  });
  return {
    ...chromium,
    server() {
      if (!server) throw new Error('the server starts in beforeAll: use it inside a test');
      return server;
    },
  };
}
