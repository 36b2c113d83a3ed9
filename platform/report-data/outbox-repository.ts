import type { DeliveryStatus } from '../../protocol/device-sync/integration.ts';
import type { ActionType, PushDataType } from '../../protocol/report-data/push.ts';
import type { Region } from '../../protocol/regions.ts';
import type { SqlDatabase, SqlExecutor, SqlValue } from '../storage/sql.ts';

export interface EventRow {
  id: number;
  event_id: string;
  merchant_id: number;
  data_type: PushDataType;
  action_type: ActionType;
  source_type: string | null;
  user_id: number | null;
  data: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_http_status: number;
  last_error: string;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

export interface NewEventRow {
  eventId: string;
  merchantId: number;
  dataType: string;
  actionType: string;
  sourceType: string | null;
  userId: number;
  /** JSON. */
  data: string;
  now: number;
}

export interface AttemptRow {
  eventId: number;
  attempt: number;
  startedAt: number;
  durationMs: number;
  httpStatus: number;
  outcome: 'delivered' | 'failed';
  error: string;
}

/** The state of an event after one attempt. */
export interface EventAfterAttempt {
  status: 'delivered' | 'pending' | 'failed';
  /** Set when delivered; otherwise the column keeps its value. */
  deliveredAt: number | null;
  attempts: number;
  httpStatus: number;
  error: string;
  nextAttemptAt: number;
  now: number;
}

/**
 * SQL of the push outbox: push_events, push_attempts and the failure count of the
 * merchant's webhook. A deliverer owns an event while its next_attempt_at holds the claim it
 * wrote (D-059): every change after the send is conditional on that value.
 */
export class OutboxRepository {
  constructor(private readonly db: SqlDatabase) {}

  async hasWebhook(on: SqlExecutor, merchantId: number): Promise<boolean> {
    return (await on.one("SELECT 1 AS found FROM merchant_integrations WHERE merchant_id = ? AND webhook_url <> ''", [merchantId])) !== undefined;
  }

  async insert(on: SqlExecutor, e: NewEventRow): Promise<void> {
    await on.run(
      `INSERT INTO push_events (event_id, merchant_id, data_type, action_type, source_type, user_id, data, status, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      [e.eventId, e.merchantId, e.dataType, e.actionType, e.sourceType, e.userId, e.data, e.now, e.now, e.now],
    );
  }

  /** The oldest pending event of each merchant of the region with an enabled webhook, when due. */
  dueHeads(region: Region, now: number, limit: number): Promise<EventRow[]> {
    return this.db.all<EventRow>(
      `SELECT e.* FROM push_events e
         JOIN merchant_integrations i ON i.merchant_id = e.merchant_id AND i.webhook_enabled = 1 AND i.webhook_url <> ''
         JOIN merchants m ON m.id = e.merchant_id AND m.region = ?
       WHERE e.status = 'pending'
         AND e.id = (SELECT MIN(p.id) FROM push_events p WHERE p.merchant_id = e.merchant_id AND p.status = 'pending')
         AND e.next_attempt_at <= ?
       ORDER BY e.next_attempt_at, e.id LIMIT ?`,
      [region, now, limit],
    );
  }

  /**
   * Moves a pending event's next_attempt_at from `from` to `to` in one statement; true when it
   * did. Two deliverers that read the same head both try: the row lock makes the second see the
   * first's value and change nothing.
   */
  async moveNextAttempt(id: number, from: number, to: number, now: number): Promise<boolean> {
    const { changes } = await this.db.run("UPDATE push_events SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?", [to, now, id, from]);
    return changes === 1;
  }

  /** Never sent, when the claim `claim` still holds. */
  async suppress(id: number, claim: number, now: number): Promise<void> {
    await this.db.run("UPDATE push_events SET status = 'suppressed', updated_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?", [now, id, claim]);
  }

  /** The event's state after an attempt, when the claim `claim` still holds; false when it did not. */
  async recordAttempt(on: SqlExecutor, id: number, claim: number, after: EventAfterAttempt): Promise<boolean> {
    const { changes } = await on.run(
      `UPDATE push_events SET status = ?, attempts = ?, last_http_status = ?, last_error = ?, next_attempt_at = ?, updated_at = ?,
         delivered_at = COALESCE(CAST(? AS BIGINT), delivered_at)
       WHERE id = ? AND status = 'pending' AND next_attempt_at = ?`,
      [after.status, after.attempts, after.httpStatus, after.error, after.nextAttemptAt, after.now, after.deliveredAt, id, claim],
    );
    return changes === 1;
  }

  async insertAttempt(on: SqlExecutor, a: AttemptRow): Promise<void> {
    await on.run('INSERT INTO push_attempts (event_id, attempt, started_at, duration_ms, http_status, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      a.eventId, a.attempt, a.startedAt, a.durationMs, a.httpStatus, a.outcome, a.error,
    ]);
  }

  async resetFailures(on: SqlExecutor, merchantId: number): Promise<void> {
    await on.run('UPDATE merchant_integrations SET consecutive_failures = 0 WHERE merchant_id = ?', [merchantId]);
  }

  /** One more failure in a row; the webhook is disabled at `disableAfter`. */
  async countFailure(on: SqlExecutor, merchantId: number, disableAfter: number, reason: string): Promise<void> {
    await on.run(
      `UPDATE merchant_integrations SET consecutive_failures = consecutive_failures + 1,
         webhook_enabled = CASE WHEN consecutive_failures + 1 >= ? THEN 0 ELSE webhook_enabled END,
         webhook_disabled_reason = CASE WHEN consecutive_failures + 1 >= ? THEN CAST(? AS TEXT) ELSE webhook_disabled_reason END
       WHERE merchant_id = ?`,
      [disableAfter, disableAfter, reason, merchantId],
    );
  }

  /** A page of events, newest first, and how many match. */
  async list(merchantId: number | null, status: DeliveryStatus | undefined, limit: number, offset: number): Promise<{ rows: EventRow[]; total: number }> {
    const where = ['1 = 1'];
    const args: SqlValue[] = [];
    if (merchantId !== null) {
      where.push('merchant_id = ?');
      args.push(merchantId);
    }
    if (status) {
      where.push('status = ?');
      args.push(status);
    }
    const sql = where.join(' AND ');
    const total = (await this.db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM push_events WHERE ${sql}`, args))?.n ?? 0;
    const rows = await this.db.all<EventRow>(`SELECT * FROM push_events WHERE ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`, [...args, limit, offset]);
    return { rows, total };
  }

  statusOf(on: SqlExecutor, eventId: string, merchantId: number | null): Promise<{ status: DeliveryStatus } | undefined> {
    return merchantId === null
      ? on.one<{ status: DeliveryStatus }>('SELECT status FROM push_events WHERE event_id = ?', [eventId])
      : on.one<{ status: DeliveryStatus }>('SELECT status FROM push_events WHERE event_id = ? AND merchant_id = ?', [eventId, merchantId]);
  }

  /** Back to pending with a fresh retry budget: every failed event, or the ones named. */
  async reset(on: SqlExecutor, merchantId: number | null, which: { eventId: string } | { allFailed: true }, now: number): Promise<number> {
    const scope = merchantId === null ? '' : ' AND merchant_id = ?';
    const scopeArgs = merchantId === null ? [] : [merchantId];
    const reset = `UPDATE push_events SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = '', updated_at = ?`;
    const { changes } =
      'allFailed' in which
        ? await on.run(`${reset} WHERE status = 'failed'${scope}`, [now, now, ...scopeArgs])
        : await on.run(`${reset} WHERE event_id = ?${scope}`, [now, now, which.eventId, ...scopeArgs]);
    return changes;
  }
}
