/** Session rows: created when a capture session starts, updated as it moves on. */
import { PERSISTED_STATES, type EndReason, type PersistedState, type SkinCondition } from '../capture/session-types.ts';
import type { ProfileKind } from '../config/device-config.ts';
import { recordConsent } from './customers.ts';
import type { Db } from './database.ts';
import type { SessionRecord } from './types.ts';
import { StoreError } from './types.ts';

interface SessionRow {
  id: string;
  customer_id: string | null;
  profile: ProfileKind;
  skin_condition: SkinCondition | null;
  state: PersistedState;
  created_at: number;
  updated_at: number;
  synced_at: number | null;
  end_reason: string | null;
}

/** States after which a session takes no more captures. */
export const CLOSED_STATES: readonly PersistedState[] = ['done', 'cancelled'];

export function insertSession(db: Db, id: string, profile: ProfileKind, now: number): SessionRecord {
  db.prepare("INSERT INTO sessions (id, profile, state, created_at, updated_at) VALUES (?, ?, 'consent', ?, ?)").run(id, profile, now, now);
  return getSession(db, id)!;
}

export function getSession(db: Db, id: string): SessionRecord | null {
  const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  return row ? toSession(row) : null;
}

/** The session, or a typed error when it is gone or closed (done, cancelled). */
export function openSession(db: Db, id: string): SessionRecord {
  const session = getSession(db, id);
  if (!session) throw new StoreError('session_not_found', `no session ${id}`);
  if (CLOSED_STATES.includes(session.state)) throw new StoreError('session_closed', `session ${id} is ${session.state}`);
  return session;
}

/** A new state; a cancelled session also records why it ended (D-048), null when unknown. */
export function setSessionState(db: Db, id: string, state: PersistedState, now: number, endReason?: EndReason): void {
  db.transaction(() => {
    openSession(db, id);
    const reason = state === 'cancelled' ? (endReason ?? null) : null;
    db.prepare('UPDATE sessions SET state = ?, end_reason = ?, updated_at = ? WHERE id = ?').run(state, reason, now, id);
  }).immediate();
}

/** The customer step, with the consent given at its start, as one change. */
export function attachCustomer(
  db: Db,
  sessionId: string,
  input: { customerId: string; skinCondition: SkinCondition; consentClauseIds: readonly string[]; rejectedClauseIds?: readonly string[] },
  now: number,
): void {
  db.transaction(() => {
    openSession(db, sessionId);
    // Both lists as given: a clause refused now (e.g. marketing) withdraws an earlier agreement.
    recordConsent(db, input.customerId, input.consentClauseIds, input.rejectedClauseIds ?? [], now);
    db.prepare("UPDATE sessions SET customer_id = ?, skin_condition = ?, state = 'capturing', updated_at = ? WHERE id = ?").run(
      input.customerId,
      input.skinCondition,
      now,
      sessionId,
    );
  }).immediate();
}

/** States of a session a stop or crash may leave open (main/kiosk/startup.ts settles them). */
const OPEN_STATES: readonly PersistedState[] = PERSISTED_STATES.filter((state) => !CLOSED_STATES.includes(state));
const OPEN_LIST = OPEN_STATES.map((state) => `'${state}'`).join(', ');

/** Sessions not yet done or cancelled, oldest first; of one customer when given. */
export function openSessions(db: Db, customerId?: string): SessionRecord[] {
  const rows = (
    customerId === undefined
      ? db.prepare(`SELECT * FROM sessions WHERE state IN (${OPEN_LIST}) ORDER BY created_at`).all()
      : db.prepare(`SELECT * FROM sessions WHERE state IN (${OPEN_LIST}) AND customer_id = ? ORDER BY created_at`).all(customerId)
  ) as SessionRow[];
  return rows.map(toSession);
}

/**
 * A customer's sessions whose capture was finished (confirmed), newest first: the visits their
 * report can compare with. Sessions cancelled, declined or left to time out are not visits a
 * customer would count (D-134).
 */
export function sessionIdsOfCustomer(db: Db, customerId: string): string[] {
  return (db.prepare("SELECT id FROM sessions WHERE customer_id = ? AND state = 'done' ORDER BY created_at DESC").all(customerId) as { id: string }[]).map((r) => r.id);
}

export interface SessionListRow {
  readonly session: SessionRecord;
  /** The customer's name; '' when the session has none (yet). */
  readonly customerName: string;
}

/** Sessions created in [start, end) (Unix ms), newest first, with their customer's name. */
export function sessionsCreatedBetween(db: Db, start: number, end: number): SessionListRow[] {
  const rows = db
    .prepare("SELECT s.*, COALESCE(c.name, '') AS customer_name FROM sessions s LEFT JOIN customers c ON c.id = s.customer_id WHERE s.created_at >= ? AND s.created_at < ? ORDER BY s.created_at DESC")
    .all(start, end) as (SessionRow & { customer_name: string })[];
  return rows.map((row) => ({ session: toSession(row), customerName: row.customer_name }));
}

export interface AnalysedSession {
  readonly id: string;
  readonly createdAt: number;
  readonly skinCondition: SkinCondition | null;
  /** The stored task result, parsed JSON not yet checked (results of older kiosks may differ). */
  readonly result: unknown;
}

/** A customer's sessions with an analysis result, oldest first (the history chart). */
export function analysedSessions(db: Db, customerId: string): AnalysedSession[] {
  const rows = db
    .prepare(
      `SELECT s.id, s.created_at, s.skin_condition, j.result FROM sessions s JOIN sync_jobs j ON j.session_id = s.id
       WHERE s.customer_id = ? AND j.result IS NOT NULL ORDER BY s.created_at, s.id`,
    )
    .all(customerId) as { id: string; created_at: number; skin_condition: SkinCondition | null; result: string }[];
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, skinCondition: row.skin_condition, result: JSON.parse(row.result) as unknown }));
}

/**
 * Deletes a session's rows (captures, session; their sync rows cascade) in one transaction and
 * returns the capture files to unlink afterwards, or null when there is no such session. The
 * caller queues the platform deletion inside the same transaction, before this.
 */
export function deleteSessionRows(db: Db, sessionId: string): string[] | null {
  if (!getSession(db, sessionId)) return null;
  const files = (db.prepare('SELECT file_path FROM captures WHERE session_id = ?').all(sessionId) as { file_path: string }[]).map((r) => r.file_path);
  db.prepare('DELETE FROM captures WHERE session_id = ?').run(sessionId);
  db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
  return files;
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    profile: row.profile,
    skinCondition: row.skin_condition,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    syncedAt: row.synced_at,
    endReason: row.end_reason,
  };
}
