import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/database.ts';
import { migrations } from '../../../main/store/migrations/index.ts';
import { ReportEmailRepository } from '../../../main/store/report-emails.ts';

function migratedWithSession(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version < 6));
  db.prepare("INSERT INTO sessions (id, profile, state, created_at, updated_at) VALUES ('s-1', 'single_camera', 'done', 1, 1)").run();
  expect(migrate(db, migrations)).toBe(migrations.at(-1)!.version);
  return db;
}

describe('migration 006 (report e-mails)', () => {
  it('keeps one e-mail per session, refuses unknown states, and goes with its session', () => {
    const db = migratedWithSession();
    const emails = new ReportEmailRepository(db);
    emails.queue({ sessionId: 's-1', toAddress: 'a@example.com', language: 'en', consentAt: 10 });
    expect(() => db.prepare("UPDATE report_emails SET state = 'lost' WHERE session_id = 's-1'").run()).toThrow(/CHECK/);
    expect(() => emails.queue({ sessionId: 'nope', toAddress: 'a@example.com', language: 'en', consentAt: 10 })).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM sessions WHERE id = 's-1'").run();
    expect(emails.get('s-1')).toBeNull();
    db.close();
  });
});

describe('report e-mail outbox', () => {
  it('asks again only after a refusal; a second tap on a queued or sent e-mail changes nothing', () => {
    const db = migratedWithSession();
    const emails = new ReportEmailRepository(db);
    emails.queue({ sessionId: 's-1', toAddress: 'old@example.com', language: 'en', consentAt: 10 });
    expect(emails.queue({ sessionId: 's-1', toAddress: 'new@example.com', language: 'ar', consentAt: 20 })).toMatchObject({ to_address: 'old@example.com', consent_at: 10, state: 'queued' });
    emails.recordFailure('s-1', { end: 'failed', code: '550', message: '550 no such user', attempts: 1 });
    expect(emails.queue({ sessionId: 's-1', toAddress: 'new@example.com', language: 'ar', consentAt: 30 })).toMatchObject({
      to_address: 'new@example.com', language: 'ar', consent_at: 30, state: 'queued', attempts: 0, error_code: null,
    });
    emails.markSending('s-1');
    emails.markData('s-1');
    emails.markSent('s-1', '250 queued as X', 40);
    expect(emails.queue({ sessionId: 's-1', toAddress: 'other@example.com', language: 'en', consentAt: 50 })).toMatchObject({ state: 'sent', to_address: 'new@example.com' });
    db.close();
  });

  it('after a stop mid-send: requeues what was never handed over, never resends what may have been', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations);
    db.prepare("INSERT INTO sessions (id, profile, state, created_at, updated_at) VALUES ('s-a', 'single_camera', 'done', 1, 1), ('s-b', 'single_camera', 'done', 1, 1)").run();
    const emails = new ReportEmailRepository(db);
    for (const sessionId of ['s-a', 's-b']) emails.queue({ sessionId, toAddress: 'a@example.com', language: 'en', consentAt: 10 });
    emails.markSending('s-a');
    emails.markSending('s-b');
    emails.markData('s-b');
    expect(emails.recoverInterrupted(99)).toEqual({ requeued: 1, uncertain: 1 });
    expect(emails.get('s-a')).toMatchObject({ state: 'queued', next_attempt_at: 99 });
    expect(emails.get('s-b')).toMatchObject({ state: 'uncertain', error_code: 'interrupted' });
    expect(emails.counts()).toEqual({ pending: 1, failed: 0, uncertain: 1 });
    db.close();
  });
});
