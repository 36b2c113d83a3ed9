import { randomBytes } from 'node:crypto';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { DeliveryItem, DeliveryStatus } from '../../protocol/device-sync/integration.ts';
import type { ActionType, PushDataType } from '../../protocol/report-data/push.ts';
import type { Region } from '../../protocol/regions.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { Db } from '../storage/database.ts';

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

export interface NewEvent {
  merchantId: number;
  dataType: Exclude<PushDataType, 'test'>;
  actionType: ActionType;
  sourceType?: string;
  /** Internal id of the user whose consent gates the event. */
  userId: number;
  data: unknown;
}

export interface AttemptOutcome {
  delivered: boolean;
  httpStatus: number;
  error: string;
  startedAt: number;
  durationMs: number;
}

/** decision (D-023): a webhook failing this many attempts in a row is disabled. */
const DISABLE_AFTER = 100;

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

function seconds(ms: number | null): number {
  return ms === null ? 0 : Math.floor(ms / 1000);
}

/** +-20 % so that receivers recovering from an outage are not hit by every retry at once. */
function jittered(delayMs: number): number {
  return Math.round(delayMs * (0.8 + Math.random() * 0.4));
}

/**
 * The durable push outbox (decision R-011). Events are rows written in the same transaction as
 * the change that caused them, so a committed change always has its event and a rolled-back one
 * never does; the worker (push-worker.ts) reads them back, even after a restart.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly retryDelaysMs: readonly number[],
  ) {}

  /**
   * Records an event when the merchant has a webhook; run inside the caller's transaction.
   * Without a webhook nothing is kept (pull serves the history), so the table cannot grow for
   * merchants that never read it.
   */
  enqueue(event: NewEvent): string | null {
    const hook = this.db.prepare("SELECT 1 FROM merchant_integrations WHERE merchant_id = ? AND webhook_url <> ''").get(event.merchantId);
    if (!hook) return null;
    const now = this.clock.now();
    const eventId = newEventId();
    this.db
      .prepare(
        `INSERT INTO push_events (event_id, merchant_id, data_type, action_type, source_type, user_id, data, status, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      )
      .run(eventId, event.merchantId, event.dataType, event.actionType, event.sourceType ?? null, event.userId, JSON.stringify(event.data), now, now, now);
    return eventId;
  }

  /**
   * The oldest pending event of each merchant of this region whose webhook is enabled, when it
   * is due: one head per merchant keeps the merchant's events in order.
   */
  dueHeads(region: Region, limit: number): EventRow[] {
    return this.db
      .prepare(
        `SELECT e.* FROM push_events e
           JOIN merchant_integrations i ON i.merchant_id = e.merchant_id AND i.webhook_enabled = 1 AND i.webhook_url <> ''
           JOIN merchants m ON m.id = e.merchant_id AND m.region = ?
         WHERE e.status = 'pending'
           AND e.id = (SELECT MIN(p.id) FROM push_events p WHERE p.merchant_id = e.merchant_id AND p.status = 'pending')
           AND e.next_attempt_at <= ?
         ORDER BY e.next_attempt_at LIMIT ?`,
      )
      .all(region, this.clock.now(), limit) as EventRow[];
  }

  /** The user withdrew consent before the event went out: it is never sent. */
  suppress(id: number): void {
    this.db.prepare("UPDATE push_events SET status = 'suppressed', updated_at = ? WHERE id = ? AND status = 'pending'").run(this.clock.now(), id);
  }

  /** Stores one attempt and moves the event on: delivered, retried later, or failed. */
  recordAttempt(event: EventRow, outcome: AttemptOutcome): void {
    const now = this.clock.now();
    const attempt = event.attempts + 1;
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO push_attempts (event_id, attempt, started_at, duration_ms, http_status, outcome, error) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(event.id, attempt, outcome.startedAt, outcome.durationMs, outcome.httpStatus, outcome.delivered ? 'delivered' : 'failed', outcome.error);
      if (outcome.delivered) {
        this.db
          .prepare("UPDATE push_events SET status = 'delivered', attempts = ?, last_http_status = ?, last_error = '', delivered_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'")
          .run(attempt, outcome.httpStatus, now, now, event.id);
        this.db.prepare('UPDATE merchant_integrations SET consecutive_failures = 0 WHERE merchant_id = ?').run(event.merchant_id);
        return;
      }
      const delay = this.retryDelaysMs[attempt - 1];
      this.db
        .prepare('UPDATE push_events SET status = ?, attempts = ?, last_http_status = ?, last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = \'pending\'')
        .run(delay === undefined ? 'failed' : 'pending', attempt, outcome.httpStatus, outcome.error, delay === undefined ? now : now + jittered(delay), now, event.id);
      this.db
        .prepare(
          `UPDATE merchant_integrations SET consecutive_failures = consecutive_failures + 1,
             webhook_enabled = CASE WHEN consecutive_failures + 1 >= ? THEN 0 ELSE webhook_enabled END,
             webhook_disabled_reason = CASE WHEN consecutive_failures + 1 >= ? THEN ? ELSE webhook_disabled_reason END
           WHERE merchant_id = ?`,
        )
        .run(DISABLE_AFTER, DISABLE_AFTER, `disabled after ${DISABLE_AFTER} failed attempts in a row`, event.merchant_id);
    }).immediate();
  }

  list(merchantId: number | null, status: DeliveryStatus | undefined, page: number, count: number): { list: DeliveryItem[]; total: number } {
    const where = ['1 = 1'];
    const args: unknown[] = [];
    if (merchantId !== null) {
      where.push('merchant_id = ?');
      args.push(merchantId);
    }
    if (status) {
      where.push('status = ?');
      args.push(status);
    }
    const sql = where.join(' AND ');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM push_events WHERE ${sql}`).get(...args) as { n: number }).n;
    const rows = this.db.prepare(`SELECT * FROM push_events WHERE ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, count, (page - 1) * count) as EventRow[];
    return { total, list: rows.map(deliveryItemOf) };
  }

  /**
   * Sends failed (or already delivered) events again: back to pending with a fresh retry
   * budget. They go out before the merchant's newer pending events, since the outbox sends the
   * lowest pending id first. Unknown, pending or suppressed ids refuse the whole call.
   */
  redeliver(merchantId: number | null, which: { eventIds: readonly string[] } | { allFailed: true }): number {
    const now = this.clock.now();
    return this.db.transaction(() => {
      const scope = merchantId === null ? '' : ' AND merchant_id = ?';
      const scopeArgs = merchantId === null ? [] : [merchantId];
      const reset = `UPDATE push_events SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = '', updated_at = ?`;
      if ('allFailed' in which) return this.db.prepare(`${reset} WHERE status = 'failed'${scope}`).run(now, now, ...scopeArgs).changes;
      for (const eventId of which.eventIds) {
        const row = this.db.prepare(`SELECT status FROM push_events WHERE event_id = ?${scope}`).get(eventId, ...scopeArgs) as { status: DeliveryStatus } | undefined;
        if (!row) throw new ApiError(DeviceSyncCodes.DELIVERY_NOT_FOUND, `event_ids: ${eventId}`);
        if (row.status !== 'failed' && row.status !== 'delivered') throw new ApiError(DeviceSyncCodes.DELIVERY_NOT_FOUND, `event_ids: ${eventId} is ${row.status}`);
      }
      const update = this.db.prepare(`${reset} WHERE event_id = ?${scope}`);
      return which.eventIds.reduce((n, eventId) => n + update.run(now, now, eventId, ...scopeArgs).changes, 0);
    }).immediate();
  }
}

export function deliveryItemOf(row: EventRow): DeliveryItem {
  return {
    event_id: row.event_id,
    data_type: row.data_type,
    action_type: row.action_type,
    source_type: row.source_type ?? '',
    status: row.status,
    attempts: row.attempts,
    last_http_status: row.last_http_status,
    last_error: row.last_error,
    created_at: seconds(row.created_at),
    next_attempt_at: row.status === 'pending' ? seconds(row.next_attempt_at) : 0,
    delivered_at: seconds(row.delivered_at),
  };
}
