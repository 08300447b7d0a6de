import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Node resolves 'antd' to its CommonJS build (antd/lib) in the tests, the bundler to its ES modules: the
    // console's per-component imports (antd/es/button, antd/es/app/context) follow, so that each module and
    // context exists once.
    resolve: { alias: [{ find: /^antd\/es\//, replacement: 'antd/lib/' }] },
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
