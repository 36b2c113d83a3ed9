import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../../../main/launch.ts';

/**
 * How `electron` is installed (D-045): its package, with the type definitions main/shell is
 * typed with, always; its binary only where someone downloads it. `npm start` must tell the two
 * apart.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const require = createRequire(import.meta.url);

describe('the electron package', () => {
  it('is installed without running its binary download (allowScripts denies it), and stays out of dependencies', () => {
    expect(pkg.allowScripts?.['electron']).toBe(false);
    expect(Object.keys(pkg.optionalDependencies ?? {})).toContain('electron');
    // electron-builder refuses electron among the app's production dependencies.
    expect(Object.keys(pkg.dependencies ?? {})).not.toContain('electron');
  });

  it("ships the type definitions main/shell compiles against (electron.d.ts)", () => {
    const manifest = require.resolve('electron/package.json');
    const types = (JSON.parse(readFileSync(manifest, 'utf8')) as { types?: string }).types ?? '';
    expect(types).toBe('electron.d.ts');
    expect(readFileSync(join(dirname(manifest), types), 'utf8')).toMatch(/declare module 'electron' \{/);
  });

  it('is reported as missing to npm start until its binary is downloaded (path.txt), so the browser host is used', () => {
    const downloaded = existsSync(join(dirname(require.resolve('electron/package.json')), 'path.txt'));
    if (downloaded) expect(existsSync(electronBinary() ?? '')).toBe(true);
    else expect(electronBinary()).toBeNull();
  });
});
