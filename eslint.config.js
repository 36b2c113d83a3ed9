// Layer rules of DESIGN.md ("Layout", "Layers by runtime"; D-037): an import against the
// dependency direction, or of an API the folder's runtime lacks, fails the lint.
// test/unit/structure/layer-lint.test.ts lints offending snippets, so no rule can quietly lapse.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeNative = ['better-sqlite3', 'sharp', 'onnxruntime-node', 'serialport', 'electron'];
/** Every Node built-in by its exact name (fs, fs/promises, events, ...) and every node: one. */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/**
 * The rules of one layer. `patterns` (gitignore-style, one group, so a `!` pattern can re-allow
 * what an earlier one forbids) and `modules` (exact package names) restrict static imports and
 * re-exports; no-restricted-imports does not see `import()`, so `dynamic` (regular expressions
 * over the specifier) restricts those. Runtime-free and browser layers also refuse a computed
 * `import(x)`, which no rule can read.
 */
function layer({ patterns = [], modules = [], dynamic, computed = false, message }) {
  const restrictedImports = { patterns: [{ group: patterns, message }] };
  if (modules.length > 0) restrictedImports.paths = modules.map((name) => ({ name, message }));
  const syntax = [{ selector: `ImportExpression[source.value=/${dynamic.join('|').replaceAll('/', '\\/')}/]`, message }];
  if (!computed) syntax.push({ selector: "ImportExpression[source.type!='Literal']", message: `${message} A computed import() escapes these rules: name the module.` });
  return { 'no-restricted-imports': ['error', restrictedImports], 'no-restricted-syntax': ['error', ...syntax] };
}

/** Specifiers reaching one of our folders (for `dynamic`): `../main/x.ts`, `../../platform/y.ts`. */
const folder = (...names) => `(^|/)(${names.join('|')})/`;
const nodeSpecifier = `^node:|^(${nodeBuiltins.join('|')})$`;
const nativeSpecifier = `^(${nodeNative.join('|')})(/|$)`;

/** What runtime-free code may not reach: Node, the DOM's layers, native modules, Node-only common code. */
const runtimeFree = {
  patterns: ['**/vision/**', '**/platform/**', '**/main/**', '**/renderer/**', '**/node/**', 'node:*', ...nodeNative],
  modules: nodeBuiltins,
  dynamic: [folder('vision', 'platform', 'main', 'renderer', 'node'), nodeSpecifier, nativeSpecifier],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'data/**', 'models/*.onnx', 'renderer/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Globals by runtime (the type-check enforces the same for TypeScript: D-037).
  { ignores: ['renderer/**', 'protocol/**', 'common/**'], languageOptions: { globals: { ...globals.node } } },
  { files: ['common/node/**'], languageOptions: { globals: { ...globals.node } } },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/node/**'],
    rules: layer({
      ...runtimeFree,
      patterns: [...runtimeFree.patterns, '**/protocol/**'],
      dynamic: [...runtimeFree.dynamic, folder('protocol')],
      message: 'common/ is runtime-free and at the bottom of the layers: it imports only common/ code, no Node, no native module (D-036).',
    }),
  },
  {
    files: ['common/node/**/*.ts'],
    rules: layer({
      patterns: ['**/protocol/**', '**/vision/**', '**/platform/**', '**/main/**', '**/renderer/**'],
      dynamic: [folder('protocol', 'vision', 'platform', 'main', 'renderer')],
      computed: true,
      message: 'common/node/ imports only common/ code (D-036).',
    }),
  },
  {
    files: ['protocol/**/*.ts'],
    rules: layer({ ...runtimeFree, message: 'protocol/ is runtime-free and imports nothing of ours but runtime-free common/ code (DESIGN.md layout, D-036).' }),
  },
  {
    // The kiosk API contract is the part of main the renderer sees (DESIGN.md): runtime-free too.
    files: ['main/kiosk-api/**/*.ts'],
    rules: layer({
      patterns: ['**/vision/**', '**/platform/**', '**/renderer/**', '**/node/**', 'node:*', ...nodeNative],
      modules: nodeBuiltins,
      dynamic: [folder('vision', 'platform', 'renderer', 'node'), nodeSpecifier, nativeSpecifier],
      message: 'main/kiosk-api/ is the contract the renderer imports: runtime-free, no Node and no native module (D-036).',
    }),
  },
  {
    files: ['vision/**/*.ts'],
    rules: layer({
      patterns: ['**/platform/**', '**/main/**', '**/renderer/**', 'better-sqlite3', 'fastify', 'undici'],
      dynamic: [folder('platform', 'main', 'renderer'), '^(better-sqlite3|fastify|undici)(/|$)'],
      computed: true,
      message: 'vision/ is pure image analysis: no HTTP, no database (DESIGN.md).',
    }),
  },
  {
    files: ['platform/**/*.ts'],
    ignores: ['platform/storage/**'],
    rules: layer({
      patterns: ['**/main/**', '**/renderer/**', 'better-sqlite3', 'pg', '**/common/node/sqlite*'],
      dynamic: [folder('main', 'renderer'), '^(better-sqlite3|pg)(/|$)'],
      computed: true,
      message: 'platform/ and main/ meet only over HTTP through protocol/ (DESIGN.md); the database is reached only through platform/storage (SqlDatabase, D-051).',
    }),
  },
  {
    files: ['platform/storage/**/*.ts'],
    rules: layer({
      patterns: ['**/main/**', '**/renderer/**'],
      dynamic: [folder('main', 'renderer')],
      computed: true,
      message: 'platform/ and main/ meet only over HTTP through protocol/ (DESIGN.md).',
    }),
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/kiosk-api/**'],
    rules: layer({
      patterns: ['**/platform/**', '**/renderer/**'],
      dynamic: [folder('platform', 'renderer')],
      computed: true,
      message: 'main/ reaches the platform only over HTTP (DESIGN.md); the launcher starts it as a child process by path.',
    }),
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: layer({
      patterns: ['**/platform/**', '**/vision/**', '**/node/**', '**/main/*', '!**/main/kiosk-api', '**/main/kiosk-api/*', '!**/main/kiosk-api/types*', 'node:*', ...nodeNative, 'fastify', 'undici'],
      modules: nodeBuiltins,
      // A type is all the renderer takes from main, and a type needs no import() at run time.
      dynamic: [folder('platform', 'vision', 'main', 'node'), nodeSpecifier, nativeSpecifier, '^(fastify|undici)(/|$)'],
      message: 'renderer/ runs in the browser: it reaches main only through the kiosk API types, and imports no Node module (DESIGN.md, D-037).',
    }),
  },
);
