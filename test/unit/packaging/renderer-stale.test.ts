// `npm start` rebuilds the renderer when its build is older than what it is built from
// (tools/renderer-stale.ts, D-110): before, only a missing build was made, so a kiosk started
// after `git pull` (or after the e2e tests' build) served another UI than its code.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rendererBuildStale } from '../../../tools/renderer-stale.ts';

const BUILT = new Date('2026-12-06T10:00:00Z');
const BEFORE = new Date('2026-12-06T09:00:00Z');
const AFTER = new Date('2026-12-06T11:00:00Z');

describe('the renderer build is made again when its inputs changed', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A checkout whose every input file dates from BEFORE and whose build from BUILT. */
  function checkout(): string {
    root = mkdtempSync(join(tmpdir(), 'renderer-stale-'));
    const files = ['renderer/app/App.tsx', 'main/kiosk-api/types.ts', 'protocol/enums/languages.ts', 'common/kiosk/api-error.ts', 'vite.config.ts', 'package.json', 'package-lock.json', 'main/shell/entry.ts'];
    for (const file of files) write(file, BEFORE);
    write('renderer/dist/index.html', BUILT);
    write('renderer/dist/assets/index.js', BUILT);
    return root;
  }
  function write(file: string, when: Date): void {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), 'x');
    utimesSync(join(root, file), when, when);
  }

  it('keeps a build newer than every input', () => {
    expect(rendererBuildStale(checkout())).toBeNull();
  });

  it('builds when there is no build', () => {
    checkout();
    rmSync(join(root, 'renderer/dist'), { recursive: true });
    expect(rendererBuildStale(root)).toBe('no build yet');
  });

  it.each([['renderer/screens/results/HistoryChart.tsx'], ['main/kiosk-api/types.ts'], ['protocol/skin-api/new.ts'], ['common/kiosk/face-align.ts'], ['package-lock.json']])(
    'builds again when %s is newer than the build',
    (file) => {
      checkout();
      write(file, AFTER);
      expect(rendererBuildStale(root)).toMatch(/changed since the last build/);
    },
  );

  it('does not count the build itself, nor code the renderer does not import', () => {
    checkout();
    write('renderer/dist/assets/later.js', AFTER);
    write('main/shell/entry.ts', AFTER);
    expect(rendererBuildStale(root)).toBeNull();
  });
});
