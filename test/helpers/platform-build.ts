import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface PlatformBuild {
  /** The compiled `platform/cli.js`. */
  readonly cli: string;
  readonly outDir: string;
  remove(): void;
}

/**
 * `tsc -p tsconfig.platform.json` (what `npm run build:platform` runs) into a folder of its own
 * under the repository's .tmp/, so the compiled files find node_modules as dist/ would and the
 * working tree's dist/ stays untouched.
 */
export async function buildPlatform(): Promise<PlatformBuild> {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const outDir = mkdtempSync(join(ROOT, '.tmp', 'platform-build-'));
  await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.platform.json', '--outDir', outDir], { cwd: ROOT });
  return { cli: join(outDir, 'platform', 'cli.js'), outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
