/**
 * `npm run session -- --images DIR --json` (issue 7, part 7): the headless session as a user runs
 * it, in a child process. By default it starts the embedded platform itself; `--platform` uses
 * one already running.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { LightSource, View } from '../../../protocol/skin-api/api-codes.ts';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import { removeDir, startPlatformChild } from './helpers.ts';
import { imageFolder as makeImageFolder } from './image-folder.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

async function imageFolder(views: readonly View[], lights: readonly LightSource[]): Promise<string> {
  const dir = await makeImageFolder(views, lights);
  dirs.push(dir);
  return dir;
}

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/session-cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface CliReport {
  taskId: string;
  status: string;
  profile: string;
  platform: { embedded: boolean };
  localChecks: { view: string; facePresent: boolean }[];
  dimensions: { dimension: string; level: number; score: number }[];
  notMeasured: { dimension: string; reason: string; reasonText: string }[];
  shareUrl: string | null;
}

describe('npm run session', () => {
  it('runs a single-camera folder (only front_white.jpg) through the embedded platform and prints the report as JSON', async () => {
    const images = await imageFolder(['front'], ['white']);
    const { code, stdout, stderr } = await runCli(['--images', images, '--json']);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as CliReport;
    expect(report).toMatchObject({ profile: 'single_camera', status: 'succeeded', platform: { embedded: true }, localChecks: [{ view: 'front', facePresent: true }] });
    expect(report.taskId).toMatch(/\S+/);
    expect(report.dimensions.length).toBeGreaterThan(0);
    for (const d of report.dimensions) {
      expect(DIMENSION_IDS).toContain(d.dimension);
      expect(typeof d.level).toBe('number');
      expect(d.score).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);

  it('runs a multi-light folder against a platform given with --platform', async () => {
    const platform = await startPlatformChild();
    try {
      const images = await imageFolder(['front', 'left', 'right'], ['white', 'cross_polar']);
      const app = platform.app;
      // Issued secrets are base64url: one in 64 starts with "-", and must still reach the platform.
      const refused = await runCli(['--images', images, '--platform', platform.url, '--app-id', app.app_id, '--app-secret', `-${app.app_secret}`, '--store', app.store_custom_ids[0]!]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^session: stage \w+: The platform refused the app credentials \(44098\)/m);
      const { code, stdout, stderr } = await runCli(['--images', images, '--json', '--platform', platform.url, '--app-id', app.app_id, '--app-secret', app.app_secret, '--store', app.store_custom_ids[0]!]);
      expect(code, stderr).toBe(0);
      const report = JSON.parse(stdout) as CliReport;
      expect(report).toMatchObject({ profile: 'multi_light', status: 'succeeded', platform: { embedded: false } });
      expect(report.localChecks.map((c) => c.view)).toEqual(['front', 'left', 'right']);
      // D-033: the 800-px stills measure colour and shape; the rest is listed as not measured.
      expect(report.dimensions.length + report.notMeasured.length).toBe(28);
      expect(report.dimensions.length).toBeGreaterThan(5);
      expect(report.shareUrl).toContain(platform.url);
    } finally {
      await platform.stop();
    }
  }, 120_000);

  it('refuses a folder whose images show no face, before starting any platform', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-cli-noface-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'front_white.jpg'), await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 90, g: 90, b: 90 } } }).jpeg().toBuffer());
    const { code, stderr } = await runCli(['--images', dir, '--json']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/No usable face in front_white\.jpg/);
    expect(stderr).not.toMatch(/embedded platform/);
  }, 60_000);
});
