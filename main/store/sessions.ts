/** Session rows: created when a capture session starts, updated as it moves on. */
import type { PersistedState, SkinCondition } from '../capture/session-types.ts';
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

export function setSessionState(db: Db, id: string, state: PersistedState, now: number): void {
  db.transaction(() => {
    openSession(db, id);
    db.prepare('UPDATE sessions SET state = ?, updated_at = ? WHERE id = ?').run(state, now, id);
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
  };
}
