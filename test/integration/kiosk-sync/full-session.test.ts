import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import { captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { platformDb, tasksBySession } from './platform-db.ts';

describe('a whole session against the platform', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('multi-light: simulated capture to a stored report, submitted, with explained recommendations', async () => {
    const kiosk = await startKiosk(platform.url, platform.app, { profile: 'multi_light' });
    try {
      const { sessionId, customerId } = await captureSession(kiosk, 'Mei Lin', { birthday: '1990-05-04' });
      // Ready as soon as the result is stored; done once the report is on the platform too.
      await waitFor('sync done', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 90_000);
      const report = await kiosk.api.getReport({ sessionId, lang: 'en' });
      kioskApiContract.getReport.output.parse(report);
      expect(report.stage, report.stageDetail).toBe('ready');
      expect(report.progress).toBe(1);
      expect(report.taskId).toMatch(/\S+/);
      expect(report.dimensions.map((d) => d.dimension).sort()).toEqual([...DIMENSION_IDS].sort());
      for (const d of report.dimensions) {
        expect(d.levelName).not.toBe(String(d.level));
        expect(d.explanation.length).toBeGreaterThan(10);
      }
      expect(report.dimensions.some((d) => d.annotations.some((a) => a.url.startsWith(platform.url) && a.light !== undefined))).toBe(true);
      expect(report.shareUrl).toMatch(new RegExp(`^${platform.url}/shared/reports/`));
      expect(report.shareExpiresAt).toBeGreaterThan(Date.now());

      // Every recommendation answers a finding at the level the report found; none is disabled.
      expect(report.recommendations.length).toBeGreaterThan(0);
      const found = new Map(report.dimensions.map((d) => [d.dimension, d.level]));
      for (const r of report.recommendations) {
        expect(r.answers.length).toBeGreaterThan(0);
        for (const a of r.answers) expect(found.get(a.dimension)).toBe(a.level);
        expect(['P1011', 'T2004']).not.toContain(r.customId);
      }
      expect(report.recommendations.filter((r) => r.kind === 'product').map((r) => r.rank)).toEqual(report.recommendations.filter((r) => r.kind === 'product').map((_, i) => i + 1));

      const zh = await kiosk.api.getReport({ sessionId, lang: 'zh-Hans' });
      expect(zh.dimensions.find((d) => d.dimension === 'pore')?.name).toBe('毛孔');

      // The store marks what the platform holds; the platform has one task for the session and the report.
      expect(kiosk.store.getSession(sessionId)?.syncedAt).not.toBeNull();
      expect(kiosk.store.listCaptures(sessionId).every((c) => c.syncedAt !== null)).toBe(true);
      expect(kiosk.store.getCustomer(customerId)?.platformUserId).toBeGreaterThan(0);
      expect(tasksBySession(platform.dataDir).get(sessionId)).toEqual({ keys: [`kiosk-${sessionId}-0`], tasks: 1 });
      const db = platformDb(platform.dataDir);
      try {
        const reports = db.prepare('SELECT COUNT(*) AS n FROM reports WHERE client_report_id = ?').get(sessionId) as { n: number };
        expect(reports.n).toBe(1);
      } finally {
        db.close();
      }

      const history = await kiosk.api.getHistory({ customerId });
      kioskApiContract.getHistory.output.parse(history);
      expect(history.points).toHaveLength(1);
      expect(Object.keys(history.noiseBand).sort()).toEqual([...DIMENSION_IDS].sort());
      const listed = await kiosk.api.listSessions({});
      expect(listed.sessions.find((s) => s.id === sessionId)).toMatchObject({ customerName: 'Mei Lin', state: 'done', stage: 'ready', lastError: null });
      expect(listed.dailyCount).toBe(1);
      const status = await kiosk.api.getStatus({});
      kioskApiContract.getStatus.output.parse(status);
      expect(status.sync).toMatchObject({ pending: 0, failed: 0 });
      expect(status.platform.reachable).toBe(true);
      expect(kiosk.catalogue.refreshedAt).not.toBeNull();
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 120_000);

  it('single camera: online_skin + all_race_v2, report stored on the kiosk, no device20 report', async () => {
    const kiosk = await startKiosk(platform.url, platform.app, { profile: 'single_camera' });
    try {
      const { sessionId } = await captureSession(kiosk, 'Tan Wei');
      await waitFor('sync done', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      const job = kiosk.engine.job(sessionId)!;
      expect(job).toMatchObject({ stage: 'done', apiCode: 'online_skin', algorithmVariant: 'all_race_v2', reportUrl: null });
      expect(job.taskRequest).toMatchObject({ api_code: 'online_skin', resources: { front_image: expect.stringContaining('/skin_api/file/resource/') } });
      const report = await kiosk.api.getReport({ sessionId, lang: 'en' });
      expect(report).toMatchObject({ stage: 'ready', shareUrl: null });
      expect(report.dimensions.length).toBeGreaterThan(0);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 90_000);
});
