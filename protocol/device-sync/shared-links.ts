import { z } from 'zod';
import { queryInt, queryString } from '../open-api/query.ts';
import { notMeasuredSchema } from '../skin-api/task-result.ts';
import { deviceVImagesSchema, reportDimensionSchema, viewImagesSchema } from '../report-data/report-items.ts';
import { DIMENSION_IDS } from '../enums/dimensions.ts';

/**
 * Shared links (extension, docs/device-sync-api.md, decision R-008): addresses that work with no
 * credentials while their signature and expiry hold. Both carry `expires` (Unix seconds) and
 * `signature` (HMAC-SHA256 with the instance key, base64url); a changed key, expiry or signature
 * is refused with 46101, an expired link with 46102, both HTTP 403.
 */

/** Files in pulled and pushed data: valid 24 hours (specification: Data rules). */
export const SHARED_FILE_PATH = '/shared/files';
export const FILE_LINK_TTL_SECONDS = 24 * 3600;

/** The customer's read-only report page (report_url). */
export const SHARED_REPORT_PATH = '/shared/reports';
/** decision: a week, long enough to read at home, short enough that a forwarded link dies. */
export const REPORT_PAGE_TTL_SECONDS = 7 * 24 * 3600;

export const sharedLinkQuerySchema = z.object({
  expires: queryInt().pipe(z.number().int().min(0)),
  signature: queryString().pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a link signature')),
});

/**
 * The report page's data (GET /shared/reports/{key}). decision: no name, phone or e-mail of the
 * customer: the link may be forwarded, so it shows the analysis only. Image addresses are
 * shared file links valid 24 hours (never past the page's own expiry).
 */
/**
 * One item of the page's routine (D-076): chosen by the kiosk's rule (protocol/open-api/recommend.ts)
 * from what the report's store sells now, named in the page's language.
 */
export const routineItemSchema = z.object({
  kind: z.enum(['product', 'treatment']),
  custom_id: z.string(),
  name: z.string(),
  sub_title: z.string(),
  /** The merchant's picture address. */
  pic: z.string(),
  price: z.number(),
  price_unit: z.number().int(),
  price_symbol: z.string(),
  /** The store's own link where it has one, else the item's; may be ''. */
  link: z.string(),
  /** The finding it was matched on, most serious first: the dimension and the customer's level. */
  why: z.object({ dimension: z.enum(DIMENSION_IDS), level: z.number().int() }),
});
export type RoutineItem = z.infer<typeof routineItemSchema>;

export const reportPageSchema = z.object({
  report_id: z.number().int(),
  source_type: z.string(),
  merchant_name: z.string(),
  store_name: z.string(),
  created_at: z.number().int(),
  dimensions: z.array(reportDimensionSchema),
  /** Dimensions the analysis could not measure (D-033): the page names them with the reason, no score. */
  not_measured: z.array(notMeasuredSchema).default([]),
  overall_score: z.number().min(0).max(100),
  skin_age: z.number().int().optional(),
  /** device20: light x view keys; pad: front_image (and left_image, right_image). */
  images: z.union([deviceVImagesSchema, viewImagesSchema]),
  /** Unix seconds after which the page no longer opens. */
  expires_at: z.number().int(),
  /** Products, then treatments, recommended for this report (D-076); [] when the store sells nothing that answers it. */
  routine: z.array(routineItemSchema).default([]),
});
export type ReportPage = z.infer<typeof reportPageSchema>;
