/**
 * The kiosk API methods around the capture: consent, search (local and the merchant CRM through
 * the platform), staff and technician tools, settings. Every answer is checked against the
 * contract's output schema, as the transport does in development.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import type { KioskMethod, KioskOutput } from '../../../main/kiosk-api/types.ts';
import { SIMULATED_VIEWS } from '../../../main/device/simulated-camera.ts';
import { hashPin } from '../../../main/kiosk/pins.ts';
import { REQUIRED_CONSENT, captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { tasksBySession } from './platform-db.ts';
import { localDate } from '../../../main/kiosk/reports.ts';

function checked<M extends KioskMethod>(method: M, output: KioskOutput<M>): KioskOutput<M> {
  kioskApiContract[method].output.parse(output);
  return output;
}

describe('kiosk API', () => {
  let platform: PlatformChild;
  let kiosk: Awaited<ReturnType<typeof startKiosk>>;
  beforeAll(async () => {
    platform = await startPlatformChild();
    kiosk = await startKiosk(platform.url, platform.app, {
      profile: 'multi_light',
      lights: ['white', 'uv', 'cross_polar'],
      config: { pins: { staff: hashPin('1357'), technician: hashPin('8642') } },
    });
  }, 60_000);
  afterAll(async () => {
    await kiosk.close();
    removeDir(kiosk.dataDir);
    await platform.stop();
  });

  it('consent: the required clauses carry the fixed ids; declining one ends the session', async () => {
    const { clauses } = checked('getConsentClauses', await kiosk.api.getConsentClauses({ lang: 'zh-Hans' }));
    expect(clauses.filter((c) => c.required).map((c) => c.id)).toEqual(REQUIRED_CONSENT);
    expect(clauses[0]?.title).toBe('用户协议');
    // An Arabic customer reads the agreements in Arabic, not English in a right-to-left page (D-118).
    const arabic = (await kiosk.api.getConsentClauses({ lang: 'ar' })).clauses;
    expect(arabic.every((c) => /[\u0600-\u06FF]/.test(c.title) && /[\u0600-\u06FF]/.test(c.text) && !/[A-Za-z]/.test(c.text))).toBe(true);
    const session = await kiosk.api.createSession({});
    const declined = checked('submitConsent', await kiosk.api.submitConsent({ sessionId: session.id, agreedClauseIds: ['user_agreement'], rejectedClauseIds: ['privacy_policy'] }));
    expect(declined.state).toBe('cancelled');
  });

  it('verifies staff and technician PINs from their hashes', async () => {
    expect(await kiosk.api.verifyPin({ role: 'staff', pin: '1357' })).toEqual({ ok: true });
    expect(await kiosk.api.verifyPin({ role: 'technician', pin: '1357' })).toEqual({ ok: false });
    expect(kiosk.api.verifiedRole('8642')).toBe('technician');
  });

  it('searches local customers and the merchant CRM (relayed by the platform)', async () => {
    await kiosk.api.registerCustomer({ customer: { name: 'Searchable Sara', phoneNumber: '88887777' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
    const local = checked('searchCustomers', await kiosk.api.searchCustomers({ keyword: '8888' }));
    expect(local.local.map((c) => c.name)).toContain('Searchable Sara');
    expect(local.crmError).toBeNull();
    const crm = checked('searchCustomers', await kiosk.api.searchCustomers({ keyword: 'a' }));
    expect(crm.crm.length).toBeGreaterThan(0);
    expect(crm.total).toBeGreaterThanOrEqual(crm.crm.length + crm.local.length);
  });

  it('a CRM customer chosen on a second visit is the customer of the first: one local row, listed once', async () => {
    const found = checked('searchCustomers', await kiosk.api.searchCustomers({ keyword: 'a' })).crm[0]!;
    const visit = async (email: string) =>
      checked('registerCustomer', await kiosk.api.registerCustomer({ customer: { ...found, gender: found.gender as 0 | 1 | 2, email }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] }));
    const first = await visit('first@example.com');
    const second = await visit('second@example.com');
    expect(second.id).toBe(first.id);
    const rows = withKioskDb(kiosk.store.dataDir, (db) => db.prepare('SELECT id, email FROM customers WHERE custom_id = ?').all(found.customId));
    expect(rows).toEqual([{ id: first.id, email: 'second@example.com' }]);
    const again = checked('searchCustomers', await kiosk.api.searchCustomers({ keyword: found.name }));
    expect(again.local.map((c) => c.id)).toEqual([first.id]);
    expect(again.crm.map((c) => c.customId)).not.toContain(found.customId);
  });

  it('shows capture images and simulated preview frames, and reports a retake', async () => {
    const { sessionId } = await captureSession(kiosk, 'Image Ivy', { confirm: false });
    const { jpeg } = checked('getCaptureImage', await kiosk.api.getCaptureImage({ sessionId, view: 'left', light: 'uv', maxSide: 200 }));
    const meta = await sharp(jpeg).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(200);
    const retake = checked('retake', await kiosk.api.retake({ sessionId, view: 'front', light: 'uv' }));
    expect(retake).toMatchObject({ state: 'live', current: { view: 'front' } });
    const frame = checked('nextSimulatedFrame', await kiosk.api.nextSimulatedFrame({ sessionId }));
    expect((await sharp(frame.jpeg).metadata()).width).toBe(640);
    expect((await kiosk.api.captureNow({ sessionId })).state).toBe('review');
    expect(checked('confirmCapture', await kiosk.api.confirmCapture({ sessionId })).shots).toHaveLength(9);
    await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 90_000);
    const listed = checked('listSessions', await kiosk.api.listSessions({ day: localDate(kiosk.store.getSession(sessionId)!.createdAt) }));
    expect(listed.sessions.find((s) => s.id === sessionId)?.stage).toBe('ready');
    expect(checked('retrySync', await kiosk.api.retrySync({ sessionId }))).toEqual({ ok: true });
  }, 120_000);

  it('deletes a session and a customer with their files; the platform copy is deleted through the outbox', async () => {
    const a = await captureSession(kiosk, 'Delete Dee', { confirm: false });
    const files = kiosk.store.listCaptures(a.sessionId).map((c) => c.path);
    expect(files.length).toBeGreaterThan(0);
    await kiosk.api.cancelSession({ sessionId: a.sessionId });
    // A discarded session's photos go at once (D-047); the cancelled row stays until deleted.
    const { existsSync } = await import('node:fs');
    await waitFor('photos discarded', () => files.filter((f) => existsSync(f)).length, (n) => n === 0, 10_000);
    expect(kiosk.store.listCaptures(a.sessionId)).toEqual([]);
    expect(kiosk.store.getSession(a.sessionId)?.state).toBe('cancelled');
    checked('deleteSession', await kiosk.api.deleteSession({ sessionId: a.sessionId }));
    expect(kiosk.store.getSession(a.sessionId)).toBeNull();
    await waitFor('customer registered', () => kiosk.store.getCustomer(a.customerId)?.platformUserId, (id) => typeof id === 'number', 20_000);
    checked('deleteCustomer', await kiosk.api.deleteCustomer({ customerId: a.customerId }));
    expect(kiosk.store.getCustomer(a.customerId)).toBeNull();
    // The platform's copy goes through the outbox (deletion.test.ts follows it while offline).
    await waitFor('platform deletion', () => kiosk.store.deletions.pending(), (n) => n === 0, 20_000);
    await expect(kiosk.api.getHistory({ customerId: a.customerId })).rejects.toMatchObject({ code: 'not_found' });
  }, 60_000);

  it('settings: validated, stored, applied; a wrong light set is refused and nothing changes', async () => {
    const before = checked('getSettings', await kiosk.api.getSettings({}));
    expect(before).toMatchObject({ profile: 'multi_light', platform: { storeCustomId: 'SG001', hasSecret: true } });
    await expect(kiosk.api.updateSettings({ patch: { lights: ['white', 'uv'] } })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('cross_polar') });
    expect((await kiosk.api.getSettings({})).lights).toEqual(before.lights);
    const after = checked('updateSettings', await kiosk.api.updateSettings({ patch: { lights: ['white'], retentionDays: 14 } }));
    expect(after).toMatchObject({ lights: ['white'], retentionDays: 14 });
    expect((await kiosk.api.getStatus({})).device.lights).toEqual(['white']);
  });

  it('technician tools: test a light, calibrate from a grey card, diagnostics, logs', async () => {
    expect(checked('testLight', await kiosk.api.testLight({ light: 'white' }))).toMatchObject({ ok: true });
    // The simulated camera shoots its grey card itself, with the light on (main switches it).
    const proposed = checked('calibrateLight', await kiosk.api.calibrateLight({ light: 'white' }));
    expect(proposed).toMatchObject({ ok: true, reason: null, detail: { key: 'calibration.proposed' } });
    // Shown first, saved on the technician's word (D-060).
    expect((await kiosk.api.getSettings({})).calibration.white).toBeUndefined();
    // Until it is saved, diagnostics name the light as not calibrated (D-127).
    const uncalibrated = checked('getDiagnostics', await kiosk.api.getDiagnostics({})).checks.find((c) => c.name === 'calibration');
    expect(uncalibrated).toMatchObject({ ok: false, detail: { key: 'diag.calibration_missing', params: { lights: expect.stringContaining('white') } } });
    const calibration = checked('saveCalibration', await kiosk.api.saveCalibration({ light: 'white', proposal: proposed.proposal! }));
    expect(calibration).toEqual(proposed.calibration);
    expect((await kiosk.api.getSettings({})).calibration.white).toEqual(calibration);
    const { checks } = checked('getDiagnostics', await kiosk.api.getDiagnostics({}));
    const byName = new Map(checks.map((c) => [c.name, c]));
    for (const name of ['camera', 'lights', 'calibration', 'models', 'disk', 'platform', 'credentials', 'sync_queue', 'store', 'secrets', 'pins'] as const) expect(byName.has(name), name).toBe(true);
    // Every light of the unit but UV (never corrected) must be calibrated for the check to pass.
    const lights = (await kiosk.api.getStatus({})).device.lights.filter((l) => l !== 'uv');
    const saved = (await kiosk.api.getSettings({})).calibration;
    const missing = lights.filter((l) => !saved[l]);
    expect(byName.get('calibration')).toMatchObject(missing.length === 0 ? { ok: true, detail: { key: 'diag.calibration_ok' } } : { ok: false, detail: { params: { lights: missing.join(',') } } });
    // Language-neutral sentences: a key for the screen, the English text for logs.
    expect(byName.get('lights')?.detail).toMatchObject({ key: 'diag.lights_ok', params: { controller: 'simulated' } });
    expect(byName.get('platform_deletions')?.detail).toMatchObject({ key: 'diag.deletions_none', text: 'No deletion request is waiting for the platform.' });
    expect(byName.get('platform')).toMatchObject({ ok: true, detail: { key: 'diag.platform_ok', text: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+ answered in \d+ ms \(region \w+\)\.$/) } });
    expect(byName.get('clock')?.ok).toBe(true);
    expect(byName.get('credentials')?.ok).toBe(true);
    expect(byName.get('pins')?.ok).toBe(true);
    expect(byName.get('secrets')?.ok).toBe(false);
    const logs = checked('exportLogs', await kiosk.api.exportLogs({}));
    expect(logs.fileName).toMatch(/^kiosk-log-\d{8}-\d{6}\.txt$/);
    expect(logs.text).toContain('kiosk services started');
    expect(logs.text).not.toContain(platform.app.app_secret);
  });
});

describe('a task the platform fails', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('fails the stage with the platform code for staff, and a staff retry makes a new task', async () => {
    // A "face" photo without a face: the analysis cannot find one (45103).
    const faces = mkdtempSync(join(tmpdir(), 'kiosk-noface-'));
    writeFileSync(join(faces, SIMULATED_VIEWS.front.file), await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 128, g: 128, b: 128 } } }).jpeg().toBuffer());
    const kiosk = await startKiosk(platform.url, platform.app, {
      profile: 'single_camera',
      config: { device: { profile: { kind: 'single_camera' }, lightController: { kind: 'none' }, camera: { kind: 'simulated', facesDir: faces, still: { width: 400, height: 400 } } } },
    });
    try {
      const { sessionId } = await captureSession(kiosk, 'No Face Noor');
      await waitFor('failure', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'failed' || s === 'done', 60_000);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'failed', failedStage: 'poll', errorCode: '45103' });
      const row = (await kiosk.api.listSessions({ day: localDate(kiosk.store.getSession(sessionId)!.createdAt) })).sessions.find((s) => s.id === sessionId);
      expect(row).toMatchObject({ stage: 'failed', lastError: { key: 'failure.no_face', text: expect.stringContaining('no face') } });
      expect((await kiosk.api.getReport({ sessionId, lang: 'en' })).stageDetail).toMatchObject({ key: 'failure.no_face', text: expect.stringMatching(/45103/) });
      expect(await kiosk.api.retrySync({ sessionId })).toEqual({ ok: true });
      await waitFor('second failure', () => kiosk.engine.job(sessionId), (j) => j?.stage === 'failed' && j.generation === 1, 60_000);
      expect((await tasksBySession(platform.dataDir)).get(sessionId)).toEqual({ keys: [`kiosk-${sessionId}-0`, `kiosk-${sessionId}-1`], tasks: 2 });
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
      removeDir(faces);
    }
  }, 90_000);
});
