import { defineConfig } from 'vitest/config';

/**
 * The walk (`npm run walk`): every page of every demo role's menu, in both languages, at 1440 and 390 px,
 * on a live campus, looking for the faults issue 18 found by hand. Not part of `npm test` (about 250 page
 * visits): run it before a release and after changing many pages. Needs the build (`npm run build`).
 */
export default defineConfig({
  test: {
    name: 'walk',
    root: 'tests/walk',
    include: ['**/*.walk.test.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 180_000,
  },
});
