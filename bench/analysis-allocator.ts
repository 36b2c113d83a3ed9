import { spawnSync } from 'node:child_process';
import { ANALYSIS_MALLOC_ENV } from '../main/embedded-platform.ts';

const FLAG = '--system-allocator';

/**
 * Makes a bench that times analysis run under the allocator settings the station's analysis runs
 * with (ANALYSIS_MALLOC_ENV, D-092): glibc reads them only at start, so without them a bench times
 * a configuration no station runs (D-092 measured the difference; D-141). When they are missing,
 * runs this same bench again as a child with them
 * and exits with its status; `--system-allocator` keeps glibc's defaults, to compare. Returns the
 * line the bench prints about it. Call at the top of the bench, before it times anything (its
 * imports have loaded by then, which the parent process only wastes).
 */
export function underAnalysisAllocator(): string {
  if (process.argv.includes(FLAG)) return 'allocator: glibc defaults (--system-allocator)';
  const settings = Object.entries(ANALYSIS_MALLOC_ENV);
  if (settings.every(([name]) => process.env[name] !== undefined)) {
    return `allocator: ${settings.map(([name]) => `${name}=${process.env[name]}`).join(' ')} (the station's, D-092)`;
  }
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...ANALYSIS_MALLOC_ENV, ...process.env } });
  process.exit(child.status ?? 1);
}
