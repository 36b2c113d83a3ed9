// Layer rules of DESIGN.md: an import against the dependency direction fails the lint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeNative = ['better-sqlite3', 'sharp', 'onnxruntime-node', 'serialport', 'electron'];
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'worker_threads', 'stream', 'url', 'util', 'zlib'];

// One group per rule, so a `!` pattern can re-allow what an earlier pattern of it forbids.
function forbid(patterns, message) {
  return { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] };
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'data/**', 'models/*.onnx', 'renderer/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['protocol/**/*.ts'],
    rules: forbid(['**/vision/**', '**/platform/**', '**/main/**', '**/renderer/**', ...nodeNative], 'protocol/ imports nothing of ours and no native module (DESIGN.md layout).'),
  },
  {
    files: ['vision/**/*.ts'],
    rules: forbid(['**/platform/**', '**/main/**', '**/renderer/**', 'better-sqlite3', 'fastify', 'undici'], 'vision/ is pure image analysis: no HTTP, no database (DESIGN.md).'),
  },
  {
    files: ['platform/**/*.ts'],
    rules: forbid(['**/main/**', '**/renderer/**'], 'platform/ and main/ meet only over HTTP through protocol/ (DESIGN.md).'),
  },
  {
    files: ['main/**/*.ts'],
    rules: forbid(['**/platform/**', '**/renderer/**'], 'main/ reaches the platform only over HTTP (DESIGN.md); the launcher starts it as a child process by path.'),
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(
      ['**/platform/**', '**/vision/**', '**/main/*', '!**/main/kiosk-api', '**/main/kiosk-api/*', '!**/main/kiosk-api/types*', ...nodeNative, ...nodeBuiltins, 'fastify', 'undici'],
      'renderer/ reaches main only through the kiosk API types (DESIGN.md).',
    ),
  },
);
