import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Paths from this file, not from the working directory: the fence probe test lints from elsewhere.
const ROOT = import.meta.dirname;
const WEB = path.join(ROOT, 'apps/web/src');
const SERVER = path.join(ROOT, 'apps/server/src');

const dirsOf = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/**
 * What of a part others may import: its index.ts (the public surface of the architecture guide's "Module
 * surfaces") and, for a server module, its drizzle tables (`tables.ts`, `*-tables.ts`): the schema other
 * modules may join on. Rules and writes go through the owner's index.
 */
function surfaceOf(part) {
  if (!fs.existsSync(part)) return [];
  return fs
    .readdirSync(part)
    .filter((name) => name === 'index.ts' || (part.includes('/modules/') && /(^|-)tables\.ts$/.test(name)))
    .map((name) => `./${name}`);
}

/**
 * Zones that keep `parts` apart: a part imports another only through that part's surface. One zone per pair,
 * so that a part may use its own files freely and another's surface only.
 */
function surfaceZones(parts, message) {
  return parts.flatMap((target) =>
    parts
      .filter((from) => from !== target)
      .map((from) => ({ target, from, except: surfaceOf(from), message })),
  );
}

const features = dirsOf(`${WEB}/features`).map((name) => `${WEB}/features/${name}`);
// The server's parts: each domain module and the long-running parts beside them.
const serverParts = [
  ...dirsOf(`${SERVER}/modules`).map((name) => `${SERVER}/modules/${name}`),
  `${SERVER}/mqtt`,
  `${SERVER}/realtime`,
];

/**
 * Imports flow one way (architecture guide, convention 1): in web, lib -> features -> app, and a feature
 * uses another only through its index.ts; server modules likewise, and platform imports no module; web and
 * simulator never import server; shared imports nothing internal. Test files may reach inside what they
 * test and are left out (see `ignores` below); the fence probe (tests/lint/fences.test.ts) proves these fire.
 */
const restrictedZones = [
  ...surfaceZones(
    features,
    'A feature uses another only through its index.ts: compose them in a page under app/.',
  ),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app shell.' },
  { target: `${WEB}/lib`, from: [`${WEB}/features`, `${WEB}/app`], message: 'lib is the bottom layer.' },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared components sit below the features.',
  },
  ...surfaceZones(serverParts, 'A server module uses another only through its index.ts (or an event).'),
  {
    target: `${SERVER}/platform`,
    from: serverParts,
    message: 'platform/ is cross-cutting: it imports no module (modules import platform).',
  },
  {
    target: path.join(ROOT, 'apps/web'),
    from: path.join(ROOT, 'apps/server'),
    message: 'The console talks to the server over HTTP only.',
  },
  {
    target: path.join(ROOT, 'apps/simulator'),
    from: path.join(ROOT, 'apps/server'),
    message: 'The simulator speaks MQTT and the public API only.',
  },
  {
    target: path.join(ROOT, 'apps/bridge'),
    from: path.join(ROOT, 'apps/server'),
    message: 'The field bridge speaks the gateway MQTT API only.',
  },
  {
    target: path.join(ROOT, 'packages/shared'),
    from: path.join(ROOT, 'apps'),
    message: 'shared imports nothing internal.',
  },
];

const TABS_MESSAGE =
  "Use Tabs from '@/components/tabs': it moves antd's tablist role onto the list of tabs (issue 18).";

const TEST_FILES = ['**/*.test.{ts,tsx}', 'tests/**', '**/test/**', 'bench/**', 'scripts/**'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the files it follows (no-cycle) with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Without a resolver the fences saw no path: `@/…` aliases and extension-less imports resolved to
      // nothing, and a zone never matched.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web', 'apps/server', 'apps/simulator', 'packages/shared'].map((dir) =>
            path.join(ROOT, dir, 'tsconfig.json'),
          ),
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: restrictedZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    // antd's Tabs puts role="tablist" on an element that also holds its overflow button (issue 18):
    // components/tabs.tsx fixes the ARIA tree once, and every page uses it. And the current project is read
    // through one hook (issue 35), not by each page from storage.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/tabs.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', importNames: ['Tabs'], message: TABS_MESSAGE },
            {
              name: '@/lib/storage',
              importNames: ['currentProjectId'],
              message:
                'Read the current project with useCurrentProject (@/lib/current-project), one way everywhere.',
            },
          ],
          patterns: [
            {
              group: ['antd/es/tabs', 'antd/es/tabs/*', 'antd/lib/tabs', 'antd/lib/tabs/*'],
              message: TABS_MESSAGE,
            },
            { group: ['@rc-component/tabs', '@rc-component/tabs/*', 'rc-tabs'], message: TABS_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    files: [...TEST_FILES, 'apps/simulator/**', '*.config.{ts,js}', '**/*.config.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': 'off', 'no-console': 'off' },
  },
);
