import type { Migration } from './index.ts';

/**
 * The report link by e-mail (issue 16 item 12, D-067): one row per session whose customer tapped
 * "Send the link to my e-mail". The tap is the consent: `consent_at` and the address shown at that
 * moment (`to_address`) are kept with the job, so a later change of the customer's e-mail does not
 * redirect it. `language` is the screen's language at the tap.
 *
 * `state`: queued (waits for the report link and its turn) -> sending (an SMTP transaction is open,
 * nothing handed over yet) -> data (the server took DATA and the message began to flow: from here a
 * lost connection leaves the outcome unknown) -> sent | failed (a 5xx answer, or the link expired)
 * | uncertain (never resent: no duplicate e-mails). A `sending` row found at start goes back to
 * queued; a `data` row found at start becomes uncertain. Rows cascade with the session, so a
 * deletion on request takes the address with it.
 */
export const migration006: Migration = {
  version: 6,
  name: 'report-emails',
  up(db) {
    db.exec(`
      CREATE TABLE report_emails (
        session_id      TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        to_address      TEXT NOT NULL,
        language        TEXT NOT NULL,
        consent_at      INTEGER NOT NULL,
        state           TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'data', 'sent', 'failed', 'uncertain')),
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        waiting         TEXT CHECK (waiting IN ('network', 'config')),
        error_code      TEXT,
        error_message   TEXT,
        -- The server's reply to the message (its queue id), for a technician tracing a delivery.
        server_response TEXT,
        sent_at         INTEGER
      );
      CREATE INDEX report_emails_due ON report_emails(state, next_attempt_at);
    `);
  },
};
