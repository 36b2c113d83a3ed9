import { NOISE_BAND } from '../../../main/kiosk/noise-band.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import { reportItemSchemaFor } from '../../../protocol/report-data/report-items.ts';
import { captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { countPlatformRows, tasksBySession, withPlatformSql } from './platform-db.ts';
import { pullAll, statusOf } from './pull.ts';
import { localDate } from '../../../main/kiosk/reports.ts';

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
      expect(report.stage, report.stageDetail.text).toBe('ready');
      expect(report.progress).toBe(1);
      expect(report.taskId).toMatch(/\S+/);
      // D-033: every dimension is either measured or listed as not measured, with a reason in words.
      expect([...report.dimensions, ...report.notMeasured].map((d) => d.dimension).sort()).toEqual([...DIMENSION_IDS].sort());
      expect(report.dimensions.length).toBeGreaterThan(5);
      for (const n of report.notMeasured) expect(n.reasonText.length, n.dimension).toBeGreaterThan(10);
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
      // Pores need more detail than the test's stills hold: named in Chinese among the not measured.
      expect(zh.notMeasured.find((d) => d.dimension === 'pore')?.name).toBe('毛孔');

      // The store marks what the platform holds; the platform has one task for the session and the report.
      expect(kiosk.store.getSession(sessionId)?.syncedAt).not.toBeNull();
      expect(kiosk.store.listCaptures(sessionId).every((c) => c.syncedAt !== null)).toBe(true);
      expect(kiosk.store.getCustomer(customerId)?.platformUserId).toBeGreaterThan(0);
      expect((await tasksBySession(platform.dataDir)).get(sessionId)).toEqual({ keys: [`kiosk-${sessionId}-0`], tasks: 1 });
      expect(await countPlatformRows(platform.dataDir, 'SELECT COUNT(*) AS n FROM reports WHERE client_report_id = ?', [sessionId])).toBe(1);

      const history = await kiosk.api.getHistory({ customerId });
      kioskApiContract.getHistory.output.parse(history);
      expect(history.points).toHaveLength(1);
      // A band for each dimension the real-face benchmark could measure (main/kiosk/repeatability.json), none for the rest.
      expect(history.noiseBand).toEqual(NOISE_BAND);
      expect(Object.keys(history.noiseBand).length).toBeGreaterThan(5);
      const listed = await kiosk.api.listSessions({ day: localDate(kiosk.store.getSession(sessionId)!.createdAt) });
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

  it('single camera: online_skin + all_race_v2, submitted as a pad report (ReportItem_SDK) the merchant pulls and is pushed', async () => {
    const kiosk = await startKiosk(platform.url, platform.app, { profile: 'single_camera' });
    try {
      const { sessionId, customerId } = await captureSession(kiosk, 'Tan Wei');
      await waitFor('sync done', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      const job = kiosk.engine.job(sessionId)!;
      expect(job).toMatchObject({ stage: 'done', apiCode: 'online_skin', algorithmVariant: 'all_race_v2', reportId: expect.any(Number) });
      expect(job.taskRequest).toMatchObject({ api_code: 'online_skin', resources: { front_image: expect.stringContaining('/skin_api/file/resource/') } });
      // The task names its store, and the platform serves it as that store's (D-085).
      const store = platform.app.store_custom_ids[0]!;
      expect(job.taskRequest).toMatchObject({ metadata: { store_custom_id: store } });
      expect(await withPlatformSql(platform.dataDir, (sql) => sql.one('SELECT store_key FROM tasks WHERE id = ?', [job.taskId]))).toEqual({ store_key: `store:${store}` });
      const report = await kiosk.api.getReport({ sessionId, lang: 'en' });
      expect(report).toMatchObject({ stage: 'ready', shareUrl: expect.stringMatching(new RegExp(`^${platform.url}/shared/reports/`)) });
      expect(report.dimensions.length).toBeGreaterThan(0);
      expect(await statusOf(report.shareUrl!)).toBe(200);

      // The merchant pulls it as source_type pad, in the ReportItem_SDK shape, with working file links.
      const pulled = (await pullAll(platform.url, platform.app, 'report', 'pad')).find((r) => r.id === job.reportId)!;
      expect(reportItemSchemaFor('pad').parse(pulled)).toMatchObject({
        source_type: 'pad',
        task_id: job.taskId,
        api_code: 'online_skin',
        algorithm_variant: 'all_race_v2',
        app_id: platform.app.app_id,
        device_sn: 'DV-TEST-1',
        user_id: kiosk.store.getCustomer(customerId)!.platformUserId,
      });
      const images = pulled['images'] as { front_image: string; left_image?: string };
      expect(images.left_image).toBeUndefined();
      expect(await statusOf(images.front_image)).toBe(200);
      expect((pulled['dimensions'] as unknown[]).length).toBe(report.dimensions.length);
      // No device20 report was made of it.
      expect((await pullAll(platform.url, platform.app, 'report', 'device20')).map((r) => r['task_id'])).not.toContain(job.taskId);

      // And pushed: report.created with source_type pad reached the demo merchant's receiver.
      await waitFor(
        'report.created (pad) delivered',
        // The event's data is the report item: its id is the report's number (JSON read here, not in SQL).
        async () => {
          const events = await withPlatformSql(platform.dataDir, (sql) => sql.all<{ status: string; data: string }>("SELECT status, data FROM push_events WHERE action_type = 'report.created' AND source_type = 'pad' ORDER BY id"));
          return events.find((e) => (JSON.parse(e.data) as { id?: unknown }).id === job.reportId);
        },
        (row) => row?.status === 'delivered',
        30_000,
      );
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 90_000);
});
