/**
 * The layer rules of eslint.config.js (DESIGN.md "Layers by runtime", D-037) fire on the imports
 * they exist to stop. Each snippet is linted as if it were a file of the named folder, with the
 * project's own configuration, so a rule that is dropped or loosened fails here.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

/** The layer rules (import restrictions) that fire on `code` as the file `path`. */
async function layerRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${path}: ${fatal.message}`);
  return messages.map((m) => m.ruleId ?? '').filter((rule) => rule === 'no-restricted-imports' || rule === 'no-restricted-syntax');
}

describe('layer lint rules (D-037)', () => {
  it('renderer: a dynamic import() of main, platform or vision code fails, as does a computed one', async () => {
    expect(await layerRules('renderer/app/probe.ts', "export const load = () => import('../../main/kiosk/session-controller.ts');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('renderer/app/probe.ts', "export const load = () => import('../../platform/server.ts');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('renderer/app/probe.ts', "export const load = () => import('../../vision/face/models.ts');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('renderer/app/probe.ts', 'export const load = (name: string) => import(name);')).toEqual(['no-restricted-syntax']);
    expect(await layerRules('renderer/app/probe.ts', "export const load = () => import('node:fs');")).toEqual(['no-restricted-syntax']);
    // Code splitting inside the renderer stays possible.
    expect(await layerRules('renderer/app/probe.ts', "export const load = () => import('../screens/staff/StaffScreen.tsx');")).toEqual([]);
  });

  it('renderer: static imports of Node built-ins, Node-only common code or main internals fail; the kiosk API types and runtime-free code pass', async () => {
    for (const source of ["import { createHash } from 'node:crypto';", "import { EventEmitter } from 'events';", "import { readFile } from 'fs/promises';", "import { writeDurable } from '../../common/node/durable-file.ts';", "import { invalid } from '../../main/kiosk/errors.ts';", "import Database from 'better-sqlite3';"]) {
      expect(await layerRules('renderer/app/probe.ts', `${source}\nexport {};`), source).toEqual(['no-restricted-imports']);
    }
    const allowed = "import type { KioskApi } from '../../main/kiosk-api/types.ts';\nimport { missingCase } from '../../common/missing-case.ts';\nimport { signatureBase } from '../../protocol/signature.ts';\nexport type A = KioskApi;\nexport { missingCase, signatureBase };";
    expect(await layerRules('renderer/app/probe.ts', allowed)).toEqual([]);
  });

  it('protocol: Node built-ins (static or dynamic) and our other layers fail; runtime-free common code passes', async () => {
    for (const source of ["import { createHash } from 'node:crypto';", "import { createHash } from 'crypto';", "import { writeDurable } from '../common/node/durable-file.ts';", "import { analyse } from '../vision/skin/analyse.ts';", "import sharp from 'sharp';"]) {
      expect(await layerRules('protocol/probe.ts', `${source}\nexport {};`), source).toEqual(['no-restricted-imports']);
    }
    expect(await layerRules('protocol/probe.ts', "export const hash = () => import('node:crypto');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('protocol/probe.ts', "export const load = () => import('../platform/server.ts');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('protocol/probe.ts', "import { missingCase } from '../common/missing-case.ts';\nexport { missingCase };")).toEqual([]);
  });

  it('the signature algorithm in protocol/ passes the runtime-free rules, so the renderer importing it pulls in no Node module', async () => {
    const [result] = await eslint.lintFiles([join(root, 'protocol/signature.ts')]);
    expect(result?.messages).toEqual([]);
  });

  it('common: imports nothing of ours but common/, and runtime-free common code no Node', async () => {
    expect(await layerRules('common/kiosk/probe.ts', "import { ok } from '../../protocol/codes.ts';\nexport { ok };")).toEqual(['no-restricted-imports']);
    expect(await layerRules('common/kiosk/probe.ts', "import { writeDurable } from '../node/durable-file.ts';\nexport { writeDurable };")).toEqual(['no-restricted-imports']);
    expect(await layerRules('common/probe.ts', "import { writeDurable } from './node/durable-file.ts';\nexport { writeDurable };")).toEqual(['no-restricted-imports']);
    expect(await layerRules('common/probe.ts', "import { readFile } from 'node:fs/promises';\nexport { readFile };")).toEqual(['no-restricted-imports']);
    expect(await layerRules('common/node/probe.ts', "import { readFile } from 'node:fs/promises';\nimport { missingCase } from '../missing-case.ts';\nexport { readFile, missingCase };")).toEqual([]);
    expect(await layerRules('common/node/probe.ts', "import { signatureBase } from '../../protocol/signature.ts';\nexport { signatureBase };")).toEqual(['no-restricted-imports']);
  });

  it('main and platform: neither imports the other, statically or with import()', async () => {
    expect(await layerRules('main/probe.ts', "export const load = () => import('../platform/server.ts');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('platform/probe.ts', "export const load = () => import('../main/boot.ts');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('main/probe.ts', "import { startPlatform } from '../platform/server.ts';\nexport { startPlatform };")).toEqual(['no-restricted-imports']);
    // Node code may load a module it names at run time (the Electron entry, optional drivers).
    expect(await layerRules('main/probe.ts', 'export const load = (name: string) => import(name);')).toEqual([]);
  });

  it('platform: only platform/storage reaches a database driver (D-051)', async () => {
    expect(await layerRules('platform/skin-api/probe.ts', "import Database from 'better-sqlite3';\nexport { Database };")).toEqual(['no-restricted-imports']);
    expect(await layerRules('platform/auth/probe.ts', "import pg from 'pg';\nexport { pg };")).toEqual(['no-restricted-imports']);
    expect(await layerRules('platform/report-data/probe.ts', "export const load = () => import('pg');")).toEqual(['no-restricted-syntax']);
    expect(await layerRules('platform/storage/probe.ts', "import pg from 'pg';\nexport { pg };")).toEqual([]);
  });

  it('main/kiosk-api, the contract the renderer imports, takes no Node module', async () => {
    expect(await layerRules('main/kiosk-api/probe.ts', "import { randomBytes } from 'node:crypto';\nexport { randomBytes };")).toEqual(['no-restricted-imports']);
  });
});
