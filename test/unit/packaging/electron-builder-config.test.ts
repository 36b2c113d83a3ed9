import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * electron-builder.yml cannot be exercised here (no Electron download, DESIGN.md), so this test
 * checks what a packaging run would trip over late: files it names that do not exist, the
 * targets of issue 2, native binaries left inside the asar (STYLE.md: Packaging native modules),
 * the models outside it, and the macOS hardened-runtime entitlements for the camera.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// js-yaml is what electron-builder itself reads its configuration with (a dependency of it).
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  directories: { buildResources: string; output: string };
  files: string[];
  asarUnpack: string[];
  extraResources: Array<{ from: string; to: string; filter: string[] }>;
  linux: { target: string[] };
  win: { target: Array<string | { target: string }> };
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string; extendInfo?: Record<string, string> };
}

const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };

/** electron-builder's globs as used here: `**` any depth, `*` within one path segment. */
function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') {
      out += '[^/]*';
    } else {
      out += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${out}$`);
}

const unpacked = config.asarUnpack.map(globToRegExp);
const isUnpacked = (path: string) => unpacked.some((re) => re.test(path));

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Native code of an installed package, as repository-relative paths. */
function nativeFilesOf(pkgDir: string): string[] {
  const dir = join(ROOT, 'node_modules', pkgDir);
  if (!existsSync(dir)) return [];
  return filesUnder(dir)
    .filter((file) => /\.(node|so(\.\d+)*|dylib|dll)$/.test(file))
    .map((file) => relative(ROOT, file).split('\\').join('/'));
}

describe('electron-builder.yml', () => {
  it('names only files and folders that exist in the repository', () => {
    const referenced = [
      config.directories.buildResources,
      config.mac.entitlements,
      config.mac.entitlementsInherit,
      ...config.extraResources.map((r) => r.from),
      // The non-glob entries of files.
      ...config.files.filter((f) => !f.includes('*') && !f.startsWith('!')),
    ];
    expect(referenced).toContain('package.json');
    for (const path of referenced) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it('packs the compiled entry point package.json names', () => {
    expect(pkg.main).toMatch(/^dist\//);
    expect(config.files.filter((f) => !f.startsWith('!')).map(globToRegExp).some((re) => re.test(pkg.main))).toBe(true);
    expect(config.files).toContain('!node_modules/electron/**');
  });

  it('builds AppImage and deb for Linux, NSIS for Windows, dmg for macOS', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target.map((t) => (typeof t === 'string' ? t : t.target))).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it.each([
    ['better-sqlite3', ['better-sqlite3']],
    ['sharp (its addon and libvips in @img)', ['sharp', '@img']],
    ['onnxruntime-node (the binding and its sibling shared libraries)', ['onnxruntime-node']],
    ['serialport (optional)', ['serialport', '@serialport']],
  ])('unpacks every native binary of %s from the asar', (_name, dirs) => {
    const natives = dirs.flatMap(nativeFilesOf);
    if (dirs.includes('serialport')) expect(Object.keys(pkg.optionalDependencies ?? {})).toContain('serialport');
    else expect(natives.length, `${dirs.join(', ')} installed with native code`).toBeGreaterThan(0);
    for (const file of natives) expect(isUnpacked(file), file).toBe(true);
  });

  it("unpacks onnxruntime-node's whole bin/, not just the .node files", () => {
    const bin = filesUnder(join(ROOT, 'node_modules/onnxruntime-node/bin')).map((f) => relative(ROOT, f).split('\\').join('/'));
    expect(bin.some((f) => /libonnxruntime\.so/.test(f) || /\.dylib$|\.dll$/.test(f))).toBe(true);
    for (const file of bin) expect(isUnpacked(file), file).toBe(true);
  });

  it('leaves pure JavaScript packages inside the asar', () => {
    for (const path of ['node_modules/fastify/fastify.js', 'node_modules/zod/package.json', 'dist/main/shell/entry.js']) expect(isUnpacked(path), path).toBe(false);
  });

  it('ships every ONNX model and the models README as extra resources in resources/models', () => {
    const models = config.extraResources.find((r) => r.from === 'models');
    expect(models).toMatchObject({ to: 'models' });
    const filters = (models?.filter ?? []).map(globToRegExp);
    const onnx = readdirSync(join(ROOT, 'models')).filter((f) => f.endsWith('.onnx'));
    expect(onnx.length).toBeGreaterThan(0);
    for (const file of [...onnx, 'README.md']) expect(filters.some((re) => re.test(file)), file).toBe(true);
    expect(filters.some((re) => re.test('convert/convert.ts'))).toBe(false);
  });

  describe('macOS hardened runtime', () => {
    const plistPath = join(ROOT, config.mac.entitlements);
    const plist = readFileSync(plistPath, 'utf8');
    /** The boolean entitlements of the plist: <key>name</key> followed by <true/> or <false/>. */
    const entitlements = Object.fromEntries([...plist.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\/>/g)].map((m) => [m[1], m[2] === 'true']));

    it('uses one entitlements plist, a well-formed property list, for the app and its helpers', () => {
      expect(config.mac.hardenedRuntime).toBe(true);
      expect(config.mac.entitlementsInherit).toBe(config.mac.entitlements);
      expect(statSync(plistPath).size).toBeGreaterThan(0);
      expect(plist).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
      expect(plist).toMatch(/<plist version="1\.0">\s*<dict>[\s\S]*<\/dict>\s*<\/plist>\s*$/);
      // Every key has exactly one boolean value: nothing else is in the dict.
      expect((plist.match(/<key>/g) ?? []).length).toBe(Object.keys(entitlements).length);
    });

    it('grants JIT and unsigned executable memory (V8) and the camera, and nothing else', () => {
      expect(entitlements).toEqual({
        'com.apple.security.cs.allow-jit': true,
        'com.apple.security.cs.allow-unsigned-executable-memory': true,
        'com.apple.security.device.camera': true,
      });
    });

    it('says why it uses the camera (NSCameraUsageDescription, required with device.camera)', () => {
      expect(config.mac.extendInfo?.['NSCameraUsageDescription']?.length ?? 0).toBeGreaterThan(20);
    });
  });
});
