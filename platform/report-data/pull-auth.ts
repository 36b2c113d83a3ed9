import { Codes } from '../../protocol/codes.ts';
import { ReportDataCodes } from '../../protocol/report-data/codes.ts';
import { isSigTimeFresh, PULL_PARAM_NAMES, pullQuerySchema, type PullQuery } from '../../protocol/report-data/pull-query.ts';
import type { Region } from '../../protocol/regions.ts';
import { verifySignature } from '../auth/signature.ts';
import { unixSeconds, type Clock } from '../clock.ts';
import { ApiError, invalidParam } from '../http/api-error.ts';
import { parseInput } from '../http/validate.ts';
import type { IntegrationRepository } from './integration-repository.ts';

export interface PullCaller {
  query: PullQuery;
  appId: string;
  /** The merchants whose data this call may return (one, or a group's merchants of this region). */
  merchantIds: number[];
}

const KNOWN = new Set<string>(PULL_PARAM_NAMES);

/**
 * Authenticates GET /data/lists.json (specification: Authentication 5; decision R-005):
 * 1. every parameter name must be known and sent once (else 400): "every parameter used is
 *    signed" is then the same as "every parameter received", with no room for an unsigned one;
 * 2. the query must be well-formed (400 naming the field);
 * 3. the MD5 signature over every parameter but sig, with the app's secret, compared
 *    case-insensitively (46001; an unknown app_id answers the same, so app ids are not probed);
 * 4. sig_time within 300 s of the platform clock (46002);
 * 5. merchant scope: a merchant app reads its own merchant, a group app its group's merchants
 *    of this instance's region; merchant_id narrows to one of them (else 400, 44099 for a
 *    merchant of the other region).
 */
export async function authenticatePull(apps: IntegrationRepository, clock: Clock, region: Region, rawQuery: string): Promise<PullCaller> {
  const params = new URLSearchParams(rawQuery);
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!KNOWN.has(name)) throw invalidParam(`query.${name}: unknown parameter`);
    if (name in values) throw invalidParam(`query.${name}: sent more than once`);
    values[name] = value;
  }
  const query = parseInput(pullQuerySchema, values, 'query');

  const app = await apps.pullApp(query.app_id);
  if (!app || !verifySignature(values, app.app_secret, query.sig)) throw new ApiError(ReportDataCodes.SIGNATURE_INVALID, 'check app_id, app_secret and the signed parameters; a revoked app signs nothing');
  if (!isSigTimeFresh(query.sig_time, unixSeconds(clock))) throw new ApiError(ReportDataCodes.SIG_TIME_EXPIRED, `sig_time ${query.sig_time}`);

  const requested = query.merchant_id === undefined ? undefined : Number(query.merchant_id);
  const merchants = await apps.merchantsOf(app);
  if (requested !== undefined) {
    const merchant = merchants.find((m) => m.id === requested);
    if (!merchant) throw invalidParam('query.merchant_id: not a merchant of this app');
    if (merchant.region !== region) throw new ApiError(Codes.REGION_MISMATCH, `merchant region is ${merchant.region}; this service is ${region}`);
    return { query, appId: app.app_id, merchantIds: [merchant.id] };
  }
  if (app.level === 'merchant' && merchants[0] && merchants[0].region !== region) {
    throw new ApiError(Codes.REGION_MISMATCH, `merchant region is ${merchants[0].region}; this service is ${region}`);
  }
  return { query, appId: app.app_id, merchantIds: merchants.filter((m) => m.region === region).map((m) => m.id) };
}
