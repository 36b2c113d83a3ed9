import { Codes, type CodeInfo } from '../../protocol/codes.ts';
import { ReportDataCodes } from '../../protocol/report-data/codes.ts';
import { crmQuerySchema, type CrmAnswer, type CustomerRecord } from '../../protocol/report-data/crm.ts';
import { isSigTimeFresh } from '../../protocol/report-data/pull-query.ts';
import { verifySignature } from '../auth/signature.ts';

export interface CrmOptions {
  /** The app_secret of the app the platform signs with; a function when it may change. */
  secret: string | (() => string | undefined);
  customers: readonly CustomerRecord[];
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
}

/**
 * What the merchant side answers: on success the body the specification asks of a merchant
 * (CRM `{total, lists}`, push `success`); a refusal is a code and a reason, which the servers
 * send as the platform's envelope with the refusal's own HTTP status (decision D-039), so the
 * platform still sees an HTTP error (46303 for CRM, a retry for push).
 */
export type Answer =
  | { readonly status: number; readonly contentType: string; readonly body: string }
  | { readonly status: number; readonly refused: CodeInfo; readonly detail: string };

export function refusal(status: number, refused: CodeInfo, detail: string): Answer {
  return { status, refused, detail };
}

/** A bad or missing signature, or no secret to check it with. */
export function badSignature(detail = 'bad signature'): Answer {
  return refusal(401, ReportDataCodes.SIGNATURE_INVALID, detail);
}

/** sig_time further than 300 s from the merchant's clock. */
export function staleSigTime(): Answer {
  return refusal(401, ReportDataCodes.SIG_TIME_EXPIRED, 'sig_time too far from now');
}

export function badInput(detail: string): Answer {
  return refusal(400, Codes.INVALID_PARAM, detail);
}

function matches(customer: CustomerRecord, keyword: string): boolean {
  const k = keyword.toLowerCase();
  return (
    customer.custom_id.toLowerCase() === k ||
    customer.name.toLowerCase().includes(k) ||
    (k.length >= 4 && customer.phone_number.includes(k)) ||
    (customer.email ?? '').toLowerCase().includes(k)
  );
}

/**
 * The merchant side of CRM search (specification: Callback endpoints, CRM search): checks the
 * signature (D-010: every query parameter but sig, sorted, name=value joined by &, app_secret
 * appended, MD5, any case) and sig_time (300 s), then searches by customer number, name, phone
 * or e-mail. A bad signature is refused with 401 before anything is searched.
 */
export function answerCrmSearch(params: URLSearchParams, options: CrmOptions): Answer {
  const secret = typeof options.secret === 'function' ? options.secret() : options.secret;
  const values = Object.fromEntries(params);
  const sig = values['sig'];
  if (!secret || typeof sig !== 'string' || !verifySignature(values, secret, sig)) return badSignature();
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  if (!isSigTimeFresh(Number(values['sig_time']), now)) return staleSigTime();
  const query = crmQuerySchema.safeParse(values);
  if (!query.success) {
    const issue = query.error.issues[0];
    const where = issue && issue.path.length > 0 ? `query.${issue.path.join('.')}` : 'query';
    return badInput(`${where}: ${issue?.message ?? 'invalid'}`);
  }
  const { keyword, page, count } = query.data;
  const found = options.customers.filter((customer) => matches(customer, keyword));
  const answer: CrmAnswer = { total: found.length, lists: found.slice((page - 1) * count, page * count) };
  return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(answer) };
}
