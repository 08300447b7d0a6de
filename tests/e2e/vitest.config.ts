import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: the built console served by the real server (started by global-setup),
 * driven by playwright-core in Debian's Chromium. Files run one at a time: the machine has 2 cores.
 */
/**
 * Files that start a simulated campus of their own (the automation clock, the seeded automations, a first
 * start's 40 days of history). `npm test` runs them by themselves (`E2E_GROUP=alone`) once the API suite is
 * done: started beside it, such a campus on the embedded database answered the console's sign-in after its
 * 10 s timeout (spec section 9). `E2E_GROUP=shared` runs the others; unset, every file runs.
 */
const ALONE = [
  'automation-live.e2e.test.ts',
  'demo-automations.e2e.test.ts',
  'energy.e2e.test.ts',
  'fdd-live.e2e.test.ts',
];
const group = process.env.E2E_GROUP;

/**
 * Seconds each shared file took in a full run (npm test, 2026-12-08, servers on PostgreSQL), so that `npm test`
 * splits them into two halves of about the same length (E2E_HALF=1|2): vitest's --shard splits by count, and
 * its halves took 465 and 365 s. A file missing here counts as UNMEASURED_SECONDS; the figures need only be
 * roughly right (a file that grew a lot is worth measuring again: each file's time is in npm test's output).
 */
const SECONDS: Record<string, number> = {
  'sso.e2e.test.ts': 75,
  'devices.e2e.test.ts': 70,
  'shell.e2e.test.ts': 63,
  'layout.e2e.test.ts': 53,
  'users.e2e.test.ts': 47,
  'energy-billing.e2e.test.ts': 40,
  'projects.e2e.test.ts': 33,
  'scenes.e2e.test.ts': 33,
  'buildings.e2e.test.ts': 30,
  'wx-program.e2e.test.ts': 29,
  'boards-zh.e2e.test.ts': 22,
  'light-ac-boards.e2e.test.ts': 18,
  'plan-labels.e2e.test.ts': 18,
  'energy-reports.e2e.test.ts': 17,
  'air-space-boards.e2e.test.ts': 16,
  'live-devices.e2e.test.ts': 16,
  'codegen.e2e.test.ts': 14,
  'overview.e2e.test.ts': 13,
  'ac-automation.e2e.test.ts': 13,
  'device-marks.e2e.test.ts': 13,
  'overview-map.e2e.test.ts': 12,
  'alarm.e2e.test.ts': 12,
  'time-zones.e2e.test.ts': 12,
  'notifications.e2e.test.ts': 11,
  'energy-meters.e2e.test.ts': 11,
  'noon-nap.e2e.test.ts': 10,
  'fdd.e2e.test.ts': 9,
  'portfolio.e2e.test.ts': 8,
  'device-groups.e2e.test.ts': 8,
  'api-keys.e2e.test.ts': 8,
  'access-views.e2e.test.ts': 8,
  'time-mgmt.e2e.test.ts': 5,
  'captcha.e2e.test.ts': 2,
};
const UNMEASURED_SECONDS = 15;

/** The shared files of half `half` (1 or 2): longest first, each to the half with less so far. */
function halfOf(half: number): string[] {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.test.ts') && !ALONE.includes(f))
    .map((f) => ({ f, s: SECONDS[f] ?? UNMEASURED_SECONDS }))
    .sort((a, b) => b.s - a.s || a.f.localeCompare(b.f));
  const halves: { files: string[]; seconds: number }[] = [
    { files: [], seconds: 0 },
    { files: [], seconds: 0 },
  ];
  for (const { f, s } of files) {
    const lighter = halves[0]!.seconds <= halves[1]!.seconds ? halves[0]! : halves[1]!;
    lighter.files.push(f);
    lighter.seconds += s;
  }
  return halves[half - 1]?.files ?? [];
}
const half = Number(process.env.E2E_HALF ?? 0);

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'tests/e2e',
    include: group === 'alone' ? ALONE : half === 1 || half === 2 ? halfOf(half) : ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', ...(group === 'shared' ? ALONE : [])],
    // The files run alone start their own servers and use none of the shared ones.
    globalSetup: group === 'alone' ? [] : ['./support/global-setup.ts'],
    fileParallelism: false,
    // A whole flow of steps (sign in, create, reload, check): a guard against a hang, not a speed target
    // (speeds are measured by npm run bench). On the idle machine the longest flow takes about 15 s.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // A page waits for what the user waits for: a heading after sign-in, a row after a save. Vitest's default
    // poll gives up after one second, which a loaded 2-core machine (the API suite beside the browser) can
    // exceed; only a poll that fails waits this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
