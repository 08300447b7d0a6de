import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      // No `include` here: the root config's `web` and `web-isolated` projects extend this file, and vitest
      // concatenates arrays when extending, so an include here ran every web file in both projects.
      setupFiles: ['./src/test/setup.ts'],
      testTimeout: 20_000,
    },
  }),
);
