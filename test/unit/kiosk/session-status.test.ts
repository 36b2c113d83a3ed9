/**
 * Issue 16 item 10 (D-048): the staff list names what became of each session, and "failed" means
 * one thing everywhere: a confirmed session whose sync gave up, as the Diagnostics count it.
 * Declined consent, a cancelled session and one a restart cut short are not failures.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Admin } from '../../../main/kiosk/admin.ts';
import { ReportEmails } from '../../../main/kiosk/report-email.ts';
import { sessionStatus } from '../../../main/kiosk/session-status.ts';
import { settleInterruptedSessions } from '../../../main/kiosk/startup.ts';
import { parseKioskCoreConfig } from '../../../main/config/kiosk-core-config.ts';
import { migrate } from '../../../main/store/database.ts';
import { migrations } from '../../../main/store/migrations/index.ts';
import { REQUIRED_CLAUSE_IDS } from '../../../protocol/report-data/consent.ts';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { confirmedSession, ScriptedClient, scriptedEngine } from '../kiosk-sync/helpers.ts';
import { controllerRig, type Rig } from './helpers/controller-rig.ts';

const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

describe('session status', () => {
  it('names ended sessions by what ended them and confirmed ones by their sync stage', () => {
    const cancelled = { state: 'cancelled', endReason: null } as const;
    expect(sessionStatus({ ...cancelled, endReason: 'consent_declined' }, 'failed')).toBe('declined');
    expect(sessionStatus({ ...cancelled, endReason: 'staff' }, 'failed')).toBe('cancelled');
    expect(sessionStatus({ ...cancelled, endReason: 'interrupted' }, 'failed')).toBe('incomplete');
    // Cancelled before migration 005, or by a reason a later kiosk added: a plain cancellation.
    expect(sessionStatus(cancelled, 'failed')).toBe('cancelled');
    expect(sessionStatus({ ...cancelled, endReason: 'later_reason' }, 'failed')).toBe('cancelled');
    // Left until the screen returned to idle (D-077).
    expect(sessionStatus({ ...cancelled, endReason: 'idle' }, 'failed')).toBe('timed_out');
    expect(sessionStatus({ state: 'review', endReason: null }, 'capturing')).toBe('in_progress');
    const done = { state: 'done', endReason: null } as const;
    expect(sessionStatus(done, 'ready')).toBe('synced');
    expect(sessionStatus(done, 'failed')).toBe('failed');
    expect(sessionStatus(done, 'queued_offline')).toBe('queued_offline');
    expect(sessionStatus(done, 'analysing')).toBe('analysing');
  });

  it('lists declined, cancelled, timed-out, interrupted and failed sessions as such, and counts as failed exactly what Diagnostics counts', async () => {
    const rig = await controllerRig({ camera: 'simulated' });
    rigs.push(rig);
    const { store, controller } = rig;
    const engine = scriptedEngine(store, new ScriptedClient({}));

    // Declined: the customer said no to a required clause.
    const declined = controller.createSession();
    controller.submitConsent(declined.id, [], [...REQUIRED_CLAUSE_IDS]);
    // Cancelled by the customer or staff during capture.
    const customer = store.createCustomer({ name: 'Cancel Cho' });
    const cancelled = rig.start(customer.id);
    controller.cancelSession(cancelled.id);
    // Left at the review screen until it returned to idle (D-077).
    const left = rig.start(store.createCustomer({ name: 'Left Lim' }).id);
    controller.cancelSession(left.id, 'idle');
    // Cut short by a restart: open at start, captures incomplete.
    const interrupted = store.createSession('multi_light');
    // Confirmed, and its sync gave up.
    const { sessionId: failed } = await confirmedSession(store);
    const now = Date.now();
    withKioskDb(
      store.dataDir,
      (db) => {
        db.prepare("INSERT INTO sync_jobs (session_id, stage, api_code, algorithm_variant, error_code, error_message, next_attempt_at, created_at, updated_at) VALUES (?, 'failed', 'online_skin', 'all_race_v2', '45103', 'no face', ?, ?, ?)").run(failed, now, now, now);
      },
      { write: true },
    );
    const device = parseKioskCoreConfig({ device: { profile: { kind: 'multi_light', lights: ['white'] }, camera: { kind: 'simulated' }, lightController: { kind: 'simulated' } } }).device;
    expect(settleInterruptedSessions(store, device).cancelled).toContain(interrupted.id);

    const rows = new Admin(store, engine, new ReportEmails(store, null, Date.now)).listSessions().sessions;
    const status = (id: string) => rows.find((r) => r.id === id)?.status;
    expect(status(declined.id)).toBe('declined');
    expect(status(cancelled.id)).toBe('cancelled');
    expect(status(left.id)).toBe('timed_out');
    expect(store.getSession(left.id)?.endReason).toBe('idle');
    expect(status(interrupted.id)).toBe('incomplete');
    expect(status(failed)).toBe('failed');
    expect(store.getSession(declined.id)?.endReason).toBe('consent_declined');
    expect(store.getSession(cancelled.id)?.endReason).toBe('staff');

    // One meaning of failed: the staff list's failed rows are the Diagnostics' (and status pill's) failed count.
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(engine.counts().failed);
    expect(engine.counts().failed).toBe(1);
  });
});

describe('migration 005 (session end reason)', () => {
  it('keeps sessions cancelled before it, with no reason', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      migrations.filter((m) => m.version < 5),
    );
    db.prepare("INSERT INTO sessions (id, profile, state, created_at, updated_at) VALUES ('s-old', 'multi_light', 'cancelled', 1, 1)").run();
    expect(migrate(db, migrations)).toBe(migrations.at(-1)!.version);
    expect(db.prepare("SELECT state, end_reason FROM sessions WHERE id = 's-old'").get()).toEqual({ state: 'cancelled', end_reason: null });
    db.close();
  });
});
