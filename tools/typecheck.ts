/**
 * `npm run typecheck`: every runtime checked in its own type environment (D-037). Each folder's
 * tsconfig.json names its lib and types; this checks them one after the other in one process,
 * sharing the parsed files between them (each program still binds and checks its own), which
 * costs about half of running `tsc -p` once per folder. Exits 1 with tsc's diagnostics when any
 * project has errors.
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** Runtime-free first: an error there is the one to read, not its echo in every importer. */
export const PROJECTS = ['common', 'protocol', 'common/node', 'vision', 'platform', 'main', 'renderer', 'models', 'bench', 'tools', 'test', '.'] as const;

export function readProject(folder: string): ts.ParsedCommandLine {
  const configFile = join(root, folder, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return parsed;
}

/** A compiler host that parses each file once for all the programs built with it. */
export function sharedHost(options: ts.CompilerOptions, cache: Map<string, ts.SourceFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const format = typeof languageVersion === 'object' ? languageVersion.impliedNodeFormat : undefined;
    const key = `${fileName}\0${String(format)}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const file = parse(fileName, languageVersion, onError, shouldCreate);
    if (file) cache.set(key, file);
    return file;
  };
  return host;
}

function checkAll(): number {
  const cache = new Map<string, ts.SourceFile>();
  const formatHost: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  let errors = 0;
  for (const folder of PROJECTS) {
    const started = performance.now();
    const project = readProject(folder);
    const program = ts.createProgram({ rootNames: project.fileNames, options: project.options, host: sharedHost(project.options, cache), configFileParsingDiagnostics: project.errors });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    errors += diagnostics.length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${relative(root, join(root, folder, 'tsconfig.json'))}: ${diagnostics.length === 0 ? 'ok' : `${diagnostics.length} errors`} (${project.fileNames.length} files, ${seconds} s)`);
    if (diagnostics.length > 0) console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  }
  return errors;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = checkAll() > 0 ? 1 : 0;
}
