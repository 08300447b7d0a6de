import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server every suite uses: captcha off (CAPTCHA_ENABLED=false), simulator off. */
    baseUrl: string;
    /** A second server with the captcha on, for the sign-in page's captcha behaviour. */
    captchaUrl: string;
    /**
     * A live campus as `npm start` runs it (simulator on), shared by the suites that watch simulated devices
     * answer: each of them works on what it finds there rather than on a fresh state.
     */
    liveUrl: string;
  }
}

let servers: RunningServer[] = [];

export default async function setup(project: TestProject) {
  servers = await Promise.all([
    startServer(),
    startServer({ CAPTCHA_ENABLED: 'true' }),
    startServer({ SIMULATOR: 'on' }),
  ]);
  const [main, captcha, live] = servers;
  if (!main || !captcha || !live) throw new Error('servers did not start');
  project.provide('baseUrl', main.url);
  project.provide('captchaUrl', captcha.url);
  project.provide('liveUrl', live.url);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
