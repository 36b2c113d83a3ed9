/**
 * Builds the kiosk's packaged app directory where the Electron binary cannot be downloaded
 * (docs/packaging.md, "What is proven here"): `npm run build` on a copy of the project, then
 * electron-builder's unpacked output (the `dir` target, what `--dir` builds) with a stand-in in
 * place of Electron's files, and finally the app as Electron's asar support shows it to the
 * main process, so plain Node can run the packaged main from the packaged paths.
 *
 * The copy keeps the working tree's dist/, renderer/dist and release/ untouched (tests running
 * beside this one read renderer/dist). Its node_modules is the working tree's, hard-linked (no
 * space, a few seconds): through a symlink, `npm ls`, which electron-builder runs to collect the
 * production dependencies, sees every package outside the project and leaves half of them out.
 * npmRebuild is off, so nothing in node_modules is rebuilt for Electron's ABI (docs/packaging.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, Platform } from 'electron-builder';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(import.meta.url);
// What electron-builder itself writes its archive with (a dependency of it).
const asar = require('@electron/asar') as { getRawHeader(archive: string): { header: AsarDirectory }; extractAll(archive: string, dest: string): void };

interface AsarDirectory {
  readonly files: Record<string, AsarDirectory | AsarFile>;
}
interface AsarFile {
  readonly size?: number;
  readonly unpacked?: boolean;
  readonly link?: string;
}

/** One file of the archive: its path inside the app and whether it was left outside the archive. */
export interface ArchiveEntry {
  readonly path: string;
  readonly unpacked: boolean;
}

export interface PackagedApp {
  /** electron-builder's linux-unpacked folder. */
  readonly appOutDir: string;
  /** `<appOutDir>/resources`: what Electron's process.resourcesPath is. */
  readonly resourcesDir: string;
  /** `<resources>/app.asar`, extracted: the app as Electron's main process reads it (app.getAppPath()). */
  readonly appDir: string;
  /** Every file of the archive, as its header lists it. */
  readonly entries: readonly ArchiveEntry[];
}

/** Folders the build does not read (every other one is copied: sources of each runtime, build resources, models). */
const NOT_BUILT = new Set(['node_modules', 'dist', 'release', 'data', 'test', 'bench', 'docs']);
const PROJECT_FILE = /^(package(-lock)?\.json|electron-builder\.yml|tsconfig[\w.-]*\.json|vite\.config\.ts)$/;

export async function buildPackagedApp(workDir: string, log: (line: string) => void): Promise<PackagedApp> {
  const project = join(workDir, 'project');
  copyProject(project);

  // The scripts as a release machine runs them, in the copy.
  await run('npm', ['run', 'build'], project, log);

  const standIn = join(workDir, 'electron-stand-in');
  mkdirSync(standIn, { recursive: true });
  // In place of Electron's binary, which cannot be downloaded here: electron-builder copies the
  // folder and renames this file to the product's executable. It is never run.
  writeFileSync(join(standIn, 'electron'), '#!/bin/sh\necho "stand-in for the Electron binary (test/integration/packaging)" >&2\nexit 1\n');
  chmodSync(join(standIn, 'electron'), 0o755);

  const output = join(workDir, 'release');
  // electron-builder reads the project's electron-builder.yml itself; these settings go over it.
  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: {
      directories: { output },
      electronVersion: installedElectronVersion(),
      electronDist: standIn,
      // Rebuilding would turn the shared node_modules' better-sqlite3 into an Electron build.
      npmRebuild: false,
      // Fuses are flipped inside Electron's binary; the stand-in has none (docs/packaging.md).
      electronFuses: null,
    },
  });

  const appOutDir = join(output, 'linux-unpacked');
  const resourcesDir = join(appOutDir, 'resources');
  const archive = join(resourcesDir, 'app.asar');
  const entries = listArchive(asar.getRawHeader(archive).header, '');
  // Electron's asar support lets the main process (and, since Electron 17, its worker threads)
  // read app.asar as a folder, and redirects unpacked files to app.asar.unpacked. Plain Node needs
  // the folder itself: extract it (unpacked files are copied from app.asar.unpacked), then put it
  // where the archive was, so every path is the one the packaged app has.
  const extracted = join(resourcesDir, 'app.extracted');
  asar.extractAll(archive, extracted);
  renameSync(archive, join(resourcesDir, 'app.asar.archive'));
  renameSync(extracted, archive);
  return { appOutDir, resourcesDir, appDir: archive, entries };
}

function copyProject(project: string): void {
  mkdirSync(project, { recursive: true });
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    const copy = entry.isDirectory() ? !entry.name.startsWith('.') && !NOT_BUILT.has(entry.name) : PROJECT_FILE.test(entry.name);
    if (copy) cpSync(join(ROOT, entry.name), join(project, entry.name), { recursive: true, filter: (source) => !/[\\/](dist|node_modules)$/.test(source) });
  }
  // GNU cp: the test runs on Linux, like the unpacked app it builds.
  execFileSync('cp', ['-al', realpathSync(join(ROOT, 'node_modules')), join(project, 'node_modules')]);
}

/** The exact version electron-builder must build for (a range is refused): the installed electron package's. */
function installedElectronVersion(): string {
  return (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
}

function listArchive(dir: AsarDirectory, prefix: string): ArchiveEntry[] {
  return Object.entries(dir.files).flatMap(([name, entry]) => {
    const path = prefix ? `${prefix}/${name}` : name;
    return 'files' in entry ? listArchive(entry, path) : [{ path, unpacked: entry.unpacked === true }];
  });
}

function run(command: string, args: readonly string[], cwd: string, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) => {
      log(output);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}
