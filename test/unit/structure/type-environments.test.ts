/**
 * Each runtime type-checks in its own environment (D-037): a snippet written into a folder is
 * checked with that folder's tsconfig.json, in process, so a config that gives the renderer Node
 * types or the platform the DOM (as the one shared tsconfig of before did) fails here.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readProject, sharedHost } from '../../../tools/typecheck.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const parsed = new Map<string, ts.SourceFile>();

/** The messages of checking `code` as a module of `folder` under that folder's config. */
function check(folder: string, code: string): string[] {
  const project = readProject(folder);
  const probe = join(root, folder, '__type_probe__.ts');
  const host = sharedHost(project.options, parsed);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    fileName === probe ? ts.createSourceFile(fileName, `${code}\nexport {};\n`, languageVersion, true) : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === probe || fileExists(fileName);
  // Global declarations the config includes (runtime-free.d.ts) are part of the environment.
  const declarations = project.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram({ rootNames: [...declarations, probe], options: project.options, host });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(probe)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

const nodeOnly = {
  buffer: `const bytes: Buffer = Buffer.from('x'); void bytes;`,
  builtin: `import { readFileSync } from 'node:fs'; void readFileSync;`,
  process: `void process.env;`,
};
const domOnly = {
  window: `void window.location.href;`,
  document: `void document.createElement('div');`,
};
const bothRuntimes = `const text = new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode('ü')); void new URL(text, 'http://127.0.0.1/').hostname;`;

describe('type environments by runtime (D-037)', () => {
  it('the renderer has the DOM and no Node: Buffer, process and node: imports do not type-check', () => {
    expect(check('renderer', `${domOnly.window}\n${domOnly.document}\n${bothRuntimes}`)).toEqual([]);
    expect(check('renderer', nodeOnly.buffer).join('\n')).toMatch(/Cannot find name 'Buffer'/);
    expect(check('renderer', nodeOnly.process).join('\n')).toMatch(/Cannot find name 'process'/);
    expect(check('renderer', nodeOnly.builtin).join('\n')).toMatch(/Cannot find module 'node:fs'/);
  });

  it.each(['platform', 'main', 'vision', 'common/node'])('%s has Node and no DOM: window and document do not type-check', (folder) => {
    expect(check(folder, `${nodeOnly.buffer}\n${nodeOnly.builtin}\n${nodeOnly.process}\n${bothRuntimes}`)).toEqual([]);
    expect(check(folder, domOnly.window).join('\n')).toMatch(/Cannot find name 'window'/);
    expect(check(folder, domOnly.document).join('\n')).toMatch(/Cannot find name 'document'/);
  });

  it.each(['protocol', 'common'])('%s is runtime-free: neither Node nor the DOM, only what both offer', (folder) => {
    expect(check(folder, bothRuntimes)).toEqual([]);
    expect(check(folder, nodeOnly.buffer).join('\n')).toMatch(/Cannot find name 'Buffer'/);
    expect(check(folder, nodeOnly.process).join('\n')).toMatch(/Cannot find name 'process'/);
    expect(check(folder, nodeOnly.builtin).join('\n')).toMatch(/Cannot find module 'node:fs'/);
    expect(check(folder, domOnly.window).join('\n')).toMatch(/Cannot find name 'window'/);
    expect(check(folder, domOnly.document).join('\n')).toMatch(/Cannot find name 'document'/);
  });
});
