import type { FastifyBaseLogger } from 'fastify';
import type { WebhookTestResponse } from '../../protocol/device-sync/integration.ts';
import { FILE_LINK_TTL_SECONDS } from '../../protocol/device-sync/shared-links.ts';
import { ReportDataCodes } from '../../protocol/report-data/codes.ts';
import { PUSH_DELIVERY, PUSH_SUCCESS_BODY, pushSignParams } from '../../protocol/report-data/push.ts';
import type { Region } from '../../protocol/regions.ts';
import { sign } from '../auth/signature.ts';
import { unixSeconds, type Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { IntegrationService } from './integration.ts';
import type { LinkSigner } from './links.ts';
import { CallOutError, callOut } from './outbound.ts';
import { newEventId, type AttemptOutcome, type EventRow, type Outbox } from './outbox.ts';
import type { ReportRepository } from './report-repository.ts';
import { storedUserEventData } from './presenter.ts';
import { resolveRefs } from './refs.ts';

export interface PushSettings {
  region: Region;
  pollMs: number;
  concurrency: number;
}

/** A receiver's answer is read up to this size; `success` is all that counts. */
const MAX_ANSWER_BYTES = 1024;

/**
 * Delivers the outbox (decision R-011): at most one event in flight per merchant, oldest first,
 * so a merchant's events arrive in the order they happened; several merchants at once. Woken
 * when an event is recorded, and by a timer for retries that fall due. Stopping aborts the calls
 * in flight without counting them as attempts: they are sent again after the next start
 * (at-least-once; receivers drop repeats by event_id). Workers of several processes share one
 * outbox: each claims an event before sending it, so no two send the same event (D-059).
 */
export class PushWorker {
  private timer: NodeJS.Timeout | null = null;
  private scheduled = false;
  private running = false;
  private readonly inFlight = new Map<number, Promise<void>>();
  /** The outbox read under way, if any; a wake during it asks for another once it ends. */
  private filling: Promise<void> | null = null;
  private again = false;
  private readonly abort = new AbortController();
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly users: ReportRepository,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly integration: IntegrationService,
    private readonly links: LinkSigner,
    private readonly settings: PushSettings,
  ) {}

  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.running = true;
    this.timer = setInterval(() => this.tick(), this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** An event was recorded: look for due work soon (coalesced). */
  wake(): void {
    if (!this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.tick();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.abort.abort();
    await this.filling;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** The settings' test call: data_type test, sent now, once, outside the outbox. */
  async sendTest(merchantId: number): Promise<WebhookTestResponse> {
    const url = (await this.integration.settings(merchantId)).webhook_url;
    if (!url) throw new ApiError(ReportDataCodes.WEBHOOK_NOT_CONFIGURED);
    const eventId = newEventId();
    const outcome = await this.post(merchantId, url, { event_id: eventId, data_type: 'test', action_type: 'test', data: { id: eventId } });
    return { delivered: outcome.delivered, event_id: eventId, http_status: outcome.httpStatus, error: outcome.error, duration_ms: outcome.durationMs };
  }

  private tick(): void {
    if (!this.running) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fill()
      .catch((error: unknown) => this.log?.error({ err: error }, 'push outbox unreadable'))
      .finally(() => {
        this.filling = null;
        if (this.again) {
          this.again = false;
          this.tick();
        }
      });
  }

  /** Starts a delivery for each merchant with a due head, up to the free slots. */
  private async fill(): Promise<void> {
    const free = this.settings.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const heads = await this.outbox.dueHeads(this.settings.region, free + this.inFlight.size);
    if (!this.running) return;
    for (const head of heads.filter((h) => !this.inFlight.has(h.merchant_id)).slice(0, free)) {
      const delivery = this.deliver(head)
        .catch((error: unknown) => this.log?.error({ err: error, event_id: head.event_id }, 'push delivery failed unexpectedly'))
        .finally(() => {
          this.inFlight.delete(head.merchant_id);
          this.wake();
        });
      this.inFlight.set(head.merchant_id, delivery);
    }
  }

  private async deliver(head: EventRow): Promise<void> {
    const event = await this.outbox.claim(head);
    if (!event) return; // another deliverer has it
    // Consent is checked again at send time: a withdrawal after the event was recorded wins.
    if (event.user_id !== null && !(await this.users.isConsenting(event.user_id))) return this.outbox.suppress(event);
    const url = (await this.integration.settings(event.merchant_id)).webhook_url;
    if (!url) return this.outbox.release(event);
    const stored: unknown = JSON.parse(event.data);
    const data = resolveRefs(event.data_type === 'user' ? storedUserEventData(stored) : stored, this.links, this.integration.instanceUrls.publicUrl, unixSeconds(this.clock) + FILE_LINK_TTL_SECONDS);
    const outcome = await this.post(event.merchant_id, url, {
      event_id: event.event_id,
      data_type: event.data_type,
      action_type: event.action_type,
      ...(event.source_type === null ? {} : { source_type: event.source_type }),
      data,
    });
    // Stopped mid-call: not an attempt; the event is due again for the next start.
    if (this.abort.signal.aborted) return this.outbox.release(event);
    await this.outbox.recordAttempt(event, outcome);
    if (!outcome.delivered) this.log?.warn({ event_id: event.event_id, status: outcome.httpStatus, error: outcome.error }, 'push attempt failed');
  }

  /** One signed POST (D-010, D-023): HTTP 200 with the body exactly `success` is delivered. */
  private async post(
    merchantId: number,
    url: string,
    body: { event_id: string; data_type: string; action_type: string; source_type?: string; data: unknown },
  ): Promise<AttemptOutcome> {
    const startedAt = this.clock.now();
    const started = performance.now();
    const done = (httpStatus: number, error: string): AttemptOutcome => ({
      delivered: error === '',
      httpStatus,
      error,
      startedAt,
      durationMs: Math.round(performance.now() - started),
    });
    const signer = await this.integration.signer(merchantId);
    if (!signer) return done(0, 'no signing app is set for this merchant');
    const signed = { ...body, sig_time: unixSeconds(this.clock) };
    const payload = JSON.stringify({ ...signed, sig: sign(pushSignParams(signed), signer.secret) });
    const target = this.integration.target(url);
    try {
      const answer = await callOut({
        method: 'POST',
        url: target.url,
        headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'skin-platform-push/1' },
        body: payload,
        timeoutMs: PUSH_DELIVERY.timeoutMs,
        maxBodyBytes: MAX_ANSWER_BYTES,
        allowPrivate: target.allowPrivate,
        signal: this.abort.signal,
      });
      if (answer.status !== 200) return done(answer.status, `HTTP ${answer.status}`);
      if (answer.body !== PUSH_SUCCESS_BODY) return done(200, `answer body is not "${PUSH_SUCCESS_BODY}": ${JSON.stringify(answer.body.slice(0, 64))}`);
      return done(200, '');
    } catch (error) {
      if (error instanceof CallOutError) return done(0, `${error.reason}: ${error.message}`);
      throw error;
    }
  }
}
