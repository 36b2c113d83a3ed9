import { randomBytes } from 'node:crypto';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { DeliveryItem, DeliveryStatus } from '../../protocol/device-sync/integration.ts';
import { PUSH_DELIVERY, type ActionType, type PushDataType } from '../../protocol/report-data/push.ts';
import type { Region } from '../../protocol/regions.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { SqlDatabase, SqlExecutor } from '../storage/sql.ts';
import { OutboxRepository, type EventRow } from './outbox-repository.ts';

export type { EventRow } from './outbox-repository.ts';

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
 * How long a deliverer owns the event it claimed (D-059): the call's own deadline with room to
 * record it. A deliverer that dies with a claim leaves the event to the next one after this.
 */
export const CLAIM_MS = PUSH_DELIVERY.timeoutMs * 2;

/** An event a deliverer claimed: `claim` is the next_attempt_at it wrote, `dueAt` the one it found. */
export interface ClaimedEvent extends EventRow {
  readonly claim: number;
  readonly dueAt: number;
}

/**
 * The durable push outbox (decision R-011). Events are rows written in the same transaction as
 * the change that caused them, so a committed change always has its event and a rolled-back one
 * never does; the worker (push-worker.ts) reads them back, even after a restart. Deliverers of
 * several processes share it: each event is claimed by one of them before it is sent (D-059).
 */
export class Outbox {
  private readonly repository: OutboxRepository;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly retryDelaysMs: readonly number[],
  ) {
    this.repository = new OutboxRepository(db);
  }

  /**
   * Records an event when the merchant has a webhook; run inside the caller's transaction.
   * Without a webhook nothing is kept (pull serves the history), so the table cannot grow for
   * merchants that never read it.
   */
  async enqueue(tx: SqlExecutor, event: NewEvent): Promise<string | null> {
    if (!(await this.repository.hasWebhook(tx, event.merchantId))) return null;
    const eventId = newEventId();
    await this.repository.insert(tx, {
      eventId,
      merchantId: event.merchantId,
      dataType: event.dataType,
      actionType: event.actionType,
      sourceType: event.sourceType ?? null,
      userId: event.userId,
      data: JSON.stringify(event.data),
      now: this.clock.now(),
    });
    return eventId;
  }

  /**
   * The oldest pending event of each merchant of this region whose webhook is enabled, when it
   * is due: one head per merchant keeps the merchant's events in order.
   */
  dueHeads(region: Region, limit: number): Promise<EventRow[]> {
    return this.repository.dueHeads(region, this.clock.now(), limit);
  }

  /**
   * Takes a due head for this deliverer: its next_attempt_at moves past the claim's end, so the
   * head is no longer due for anyone (and the merchant's later events wait behind it). Undefined
   * when another deliverer took it first.
   */
  async claim(head: EventRow): Promise<ClaimedEvent | undefined> {
    const now = this.clock.now();
    const claim = Math.max(now, head.next_attempt_at) + CLAIM_MS;
    if (!(await this.repository.moveNextAttempt(head.id, head.next_attempt_at, claim, now))) return undefined;
    return { ...head, next_attempt_at: claim, claim, dueAt: head.next_attempt_at };
  }

  /** Gives a claimed event back unsent (stopping, or no webhook any more): due as it was. */
  async release(event: ClaimedEvent): Promise<void> {
    await this.repository.moveNextAttempt(event.id, event.claim, event.dueAt, this.clock.now());
  }

  /** The user withdrew consent before the event went out: it is never sent. */
  async suppress(event: ClaimedEvent): Promise<void> {
    await this.repository.suppress(event.id, event.claim, this.clock.now());
  }

  /**
   * Stores one attempt and moves the event on: delivered, retried later, or failed. Nothing is
   * stored when the claim was lost (it outlived CLAIM_MS and another deliverer has the event).
   */
  async recordAttempt(event: ClaimedEvent, outcome: AttemptOutcome): Promise<void> {
    const now = this.clock.now();
    const attempt = event.attempts + 1;
    const delay = this.retryDelaysMs[attempt - 1];
    await this.db.transaction(async (tx) => {
      const after = outcome.delivered
        ? { status: 'delivered' as const, deliveredAt: now, attempts: attempt, httpStatus: outcome.httpStatus, error: '', nextAttemptAt: event.dueAt, now }
        : {
            status: delay === undefined ? ('failed' as const) : ('pending' as const),
            deliveredAt: null,
            attempts: attempt,
            httpStatus: outcome.httpStatus,
            error: outcome.error,
            nextAttemptAt: delay === undefined ? now : now + jittered(delay),
            now,
          };
      if (!(await this.repository.recordAttempt(tx, event.id, event.claim, after))) return;
      await this.repository.insertAttempt(tx, {
        eventId: event.id,
        attempt,
        startedAt: outcome.startedAt,
        durationMs: outcome.durationMs,
        httpStatus: outcome.httpStatus,
        outcome: outcome.delivered ? 'delivered' : 'failed',
        error: outcome.error,
      });
      if (outcome.delivered) await this.repository.resetFailures(tx, event.merchant_id);
      else await this.repository.countFailure(tx, event.merchant_id, DISABLE_AFTER, `disabled after ${DISABLE_AFTER} failed attempts in a row`);
    });
  }

  async list(merchantId: number | null, status: DeliveryStatus | undefined, page: number, count: number): Promise<{ list: DeliveryItem[]; total: number }> {
    const { rows, total } = await this.repository.list(merchantId, status, count, (page - 1) * count);
    return { total, list: rows.map(deliveryItemOf) };
  }

  /**
   * Sends failed (or already delivered) events again: back to pending with a fresh retry
   * budget. They go out before the merchant's newer pending events, since the outbox sends the
   * lowest pending id first. Unknown, pending or suppressed ids refuse the whole call.
   */
  redeliver(merchantId: number | null, which: { eventIds: readonly string[] } | { allFailed: true }): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if ('allFailed' in which) return this.repository.reset(tx, merchantId, { allFailed: true }, now);
      for (const eventId of which.eventIds) {
        const row = await this.repository.statusOf(tx, eventId, merchantId);
        if (!row) throw new ApiError(DeviceSyncCodes.DELIVERY_NOT_FOUND, `event_ids: ${eventId}`);
        if (row.status !== 'failed' && row.status !== 'delivered') throw new ApiError(DeviceSyncCodes.DELIVERY_NOT_FOUND, `event_ids: ${eventId} is ${row.status}`);
      }
      let redelivered = 0;
      for (const eventId of which.eventIds) redelivered += await this.repository.reset(tx, merchantId, { eventId }, now);
      return redelivered;
    });
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
