import { z } from 'zod';
import { algorithmVariantSchema } from '../skin-api/api-codes.ts';
import { optionalQueryInt, optionalQueryString, queryInt, queryString } from '../open-api/query.ts';

/**
 * GET /data/lists.json (specification: Report data pull). Every parameter arrives as a string;
 * the signature is checked over the raw query strings (every parameter but sig, protocol/
 * signature.ts) before this schema coerces them.
 */
export const DATA_TYPES = ['user', 'report'] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const dataTypeSchema = z.enum(DATA_TYPES);

export const SOURCE_TYPES = ['device', 'device20', 'sdk', 'pad', 'mobile', 'online'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const sourceTypeSchema = z.enum(SOURCE_TYPES);

/** decision: sig_time may differ from the receiver's clock by at most 5 minutes (pull, push and CRM). */
export const SIG_TIME_TOLERANCE_SECONDS = 300;

/** decision: limit defaults to 100; above 500 it is clamped to 500, as count is clamped to 100. */
export const PULL_LIMIT_DEFAULT = 100;
export const PULL_LIMIT_MAX = 500;

/** decision: one pull covers at most 31 days (end - begin), so a cursor walk stays bounded. */
export const PULL_MAX_RANGE_SECONDS = 31 * 24 * 3600;

const unixSeconds = z.number().int().min(0);

/**
 * decision on the rules the specification leaves open:
 * - begin and end are required on every call, begin <= end, at most 31 days apart; records
 *   with begin <= created_at < end are returned in the order the platform stored them (an
 *   insert sequence, R-006), so an item stored late with an old created_at is still reached by
 *   a cursor walk in progress and no item is skipped or repeated;
 * - every parameter sent is signed; a name not in PULL_PARAM_NAMES or a repeated name is
 *   refused with 400;
 * - next is the opaque cursor of the previous answer; it is valid only with the same app_id,
 *   data_type, source_type, begin, end, merchant_id and skin_mode (else 400); '' or absent
 *   starts at the beginning;
 * - source_type is required when data_type is report and ignored for users;
 * - merchant_id selects one merchant of a group app (digits);
 * - skin_mode filters reports by the analysis's algorithm_variant (standard, partition,
 *   all_race, all_race_v2) and is ignored for users.
 */
export const PULL_PARAM_NAMES = ['app_id', 'sig', 'sig_time', 'begin', 'end', 'data_type', 'source_type', 'limit', 'next', 'merchant_id', 'skin_mode'] as const;

export const pullQuerySchema = z
  .object({
    app_id: queryString().pipe(z.string().min(1).max(64)),
    sig: queryString().pipe(z.string().regex(/^[0-9a-fA-F]{32}$/, 'an MD5 hex digest')),
    sig_time: queryInt().pipe(unixSeconds),
    begin: queryInt().pipe(unixSeconds),
    end: queryInt().pipe(unixSeconds),
    data_type: queryString().pipe(dataTypeSchema),
    source_type: optionalQueryString().pipe(sourceTypeSchema.optional()),
    limit: optionalQueryInt().pipe(
      z
        .number()
        .int()
        .min(1)
        .default(PULL_LIMIT_DEFAULT)
        .transform((n) => Math.min(n, PULL_LIMIT_MAX)),
    ),
    next: optionalQueryString().pipe(z.string().max(512).optional()),
    merchant_id: optionalQueryString().pipe(z.string().regex(/^\d{1,20}$/).optional()),
    skin_mode: optionalQueryString().pipe(algorithmVariantSchema.optional()),
  })
  .superRefine((q, ctx) => {
    if (q.end < q.begin) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end is before begin' });
    if (q.end - q.begin > PULL_MAX_RANGE_SECONDS) ctx.addIssue({ code: 'custom', path: ['end'], message: 'the range exceeds 31 days' });
    if (q.data_type === 'report' && q.source_type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['source_type'], message: 'required when data_type is report' });
    }
  });
export type PullQuery = z.output<typeof pullQuerySchema>;
/** What a client puts in the query before signing (values as strings or numbers). */
export type PullQueryInput = {
  app_id: string;
  sig_time: number;
  begin: number;
  end: number;
  data_type: DataType;
  source_type?: SourceType;
  limit?: number;
  next?: string;
  merchant_id?: string;
  skin_mode?: string;
};

/** True when sig_time is within the tolerance of `nowSeconds`. */
export function isSigTimeFresh(sigTime: number, nowSeconds: number): boolean {
  return Math.abs(nowSeconds - sigTime) <= SIG_TIME_TOLERANCE_SECONDS;
}
