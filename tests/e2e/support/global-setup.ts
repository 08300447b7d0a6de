import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server every suite uses: captcha off (CAPTCHA_ENABLED=false), simulator off. */
    baseUrl: string;
    /** A second server with the captcha on, for the sign-in page's captcha behaviour. */
    captchaUrl: string;
  }
}

let servers: RunningServer[] = [];

export default async function setup(project: TestProject) {
  servers = await Promise.all([startServer(), startServer({ CAPTCHA_ENABLED: 'true' })]);
  const [main, captcha] = servers;
  if (!main || !captcha) throw new Error('servers did not start');
  project.provide('baseUrl', main.url);
  project.provide('captchaUrl', captcha.url);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
