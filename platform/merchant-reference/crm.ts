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

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function json(status: number, value: unknown): Answer {
  return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) };
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
  if (!secret || typeof sig !== 'string' || !verifySignature(values, secret, sig)) return json(401, { error: 'bad signature' });
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  if (!isSigTimeFresh(Number(values['sig_time']), now)) return json(401, { error: 'sig_time too far from now' });
  const query = crmQuerySchema.safeParse(values);
  if (!query.success) return json(400, { error: query.error.issues[0]?.message ?? 'bad query' });
  const { keyword, page, count } = query.data;
  const found = options.customers.filter((customer) => matches(customer, keyword));
  const answer: CrmAnswer = { total: found.length, lists: found.slice((page - 1) * count, page * count) };
  return json(200, answer);
}
