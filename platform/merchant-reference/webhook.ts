import { pushBodySchema, pushSignParams, PUSH_SUCCESS_BODY, type PushBody } from '../../protocol/report-data/push.ts';
import { isSigTimeFresh } from '../../protocol/report-data/pull-query.ts';
import { verifySignature } from '../auth/signature.ts';
import { Codes } from '../../protocol/codes.ts';
import { badInput, badSignature, refusal, staleSigTime, type Answer } from './crm.ts';

export interface WebhookOptions {
  /** The app_secret of the app the platform signs with; a function when it may change. */
  secret: string | (() => string | undefined);
  /** Handles a verified event; throwing makes the receiver answer 500, so the platform retries. */
  onEvent?: (body: PushBody) => void | Promise<void>;
  now?: () => number;
}

function delivered(): Answer {
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: PUSH_SUCCESS_BODY };
}

/**
 * The merchant side of push (specification: Events): verifies the signature (D-010, D-023: the
 * top-level fields but sig, `data` as canonical JSON) and sig_time, checks the body is a known
 * event, drops repeats by event_id (delivery is at-least-once), hands the event over, and only
 * then answers HTTP 200 with the body `success`: nothing else counts as delivered.
 */
/** Event ids remembered for dropping repeats; retries come within a day, so recent ones suffice. */
const REMEMBERED_EVENTS = 10_000;

export class WebhookReceiver {
  private readonly seen = new Set<string>();

  constructor(private readonly options: WebhookOptions) {}

  async accept(body: unknown): Promise<Answer> {
    const secret = typeof this.options.secret === 'function' ? this.options.secret() : this.options.secret;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return badInput('body: not a JSON object');
    const fields = body as Record<string, unknown>;
    if (typeof fields['sig'] !== 'string' || typeof fields['sig_time'] !== 'number' || typeof fields['data_type'] !== 'string') return badInput('body: sig, sig_time and data_type are required');
    const signed = pushSignParams(fields as Parameters<typeof pushSignParams>[0]);
    if (!secret || !verifySignature(signed, secret, fields['sig'])) return badSignature();
    if (!isSigTimeFresh(fields['sig_time'], Math.floor((this.options.now ?? Date.now)() / 1000))) return staleSigTime();
    const parsed = pushBodySchema.safeParse(body);
    if (!parsed.success) return badInput('body: not a known event');
    const eventId = parsed.data.event_id;
    if (eventId !== undefined && this.seen.has(eventId)) return delivered();
    try {
      await this.options.onEvent?.(parsed.data);
    } catch {
      return refusal(500, Codes.SYSTEM_ERROR, 'the event could not be stored; send it again');
    }
    if (eventId !== undefined) {
      this.seen.add(eventId);
      // A Set iterates in insertion order: drop the oldest id.
      if (this.seen.size > REMEMBERED_EVENTS) this.seen.delete(this.seen.values().next().value as string);
    }
    return delivered();
  }
}
