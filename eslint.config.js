import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const WEB = './apps/web/src';
const features = fs.existsSync(`${WEB}/features`)
  ? fs
      .readdirSync(`${WEB}/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * Imports flow one way (architecture guide, convention 1): in web, lib -> features -> app, and a feature
 * never imports another feature; web and simulator never import server; shared imports nothing internal.
 */
const restrictedZones = [
  ...features.map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'A feature never imports another feature: compose them in a page under app/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app shell.' },
  { target: `${WEB}/lib`, from: [`${WEB}/features`, `${WEB}/app`], message: 'lib is the bottom layer.' },
  { target: './apps/web', from: './apps/server', message: 'The console talks to the server over HTTP only.' },
  {
    target: './apps/simulator',
    from: './apps/server',
    message: 'The simulator speaks MQTT and the public API only.',
  },
  { target: './packages/shared', from: './apps', message: 'shared imports nothing internal.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: restrictedZones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'tests/**',
      'bench/**',
      'scripts/**',
      'apps/simulator/**',
      '**/test/**',
      '*.config.{ts,js}',
      '**/*.config.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-assertions': 'off', 'no-console': 'off' },
  },
);
