/**
 * The kiosk API's report schemas (split from contract.ts by size; contract.ts exports them too):
 * the report of a session, its sync stage, the customer's standing and history.
 */
import { z } from 'zod';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import { ANNOTATION_MARK_KINDS } from '../../protocol/skin-api/task-result.ts';
import { id, light, limit, skinConditionSchema, uiMessageSchema, view } from './schema-parts.ts';

export const syncStageSchema = z.enum(['capturing', 'queued_offline', 'uploading', 'analysing', 'ready', 'failed']);

/** What an annotation image marks of one kind of finding (D-069; protocol's annotationMarksSchema in the kiosk API's case). */
export const annotationMarksReportSchema = z.object({
  kind: z.enum(ANNOTATION_MARK_KINDS),
  count: z.number().int().min(0),
  areaMm2: z.number().min(0).optional(),
  lengthMm: z.number().min(0).optional(),
});

export const dimensionReportSchema = z.object({
  dimension: z.enum(DIMENSION_IDS),
  name: z.string(),
  level: z.number().int(),
  levelName: z.string(),
  /** 0..100, as analysed; never rescaled (issue 8). */
  score: z.number(),
  explanation: z.string(),
  /**
   * Annotation images of this dimension by view and light, each with what it marks per kind of
   * finding (D-069: count, summed area in mm² or length in mm; [] when the analysis gave none).
   */
  annotations: z.array(z.object({ view, light: light.optional(), url: z.string(), marks: z.array(annotationMarksReportSchema) })),
  /**
   * What made this measurement less certain (D-033), each with a few words in the language
   * asked; [] when nothing did.
   */
  caveats: z.array(z.object({ reason: limit, name: z.string() })),
});

/**
 * A dimension the analysis could not measure (D-033): shown as "not measured" with the reason,
 * never with a level or score. `reasonText` completes "Not measured: …" in the language asked.
 */
export const notMeasuredReportSchema = z.object({
  dimension: z.enum(DIMENSION_IDS),
  name: z.string(),
  reason: limit,
  reasonText: z.string(),
});

export const recommendationSchema = z.object({
  kind: z.enum(['product', 'treatment']),
  customId: z.string(),
  name: z.string(),
  subTitle: z.string(),
  pic: z.string(),
  price: z.number(),
  priceUnit: z.number().int(),
  priceSymbol: z.string(),
  /**
   * The picture as the kiosk stored it (catalogue cache): the key for getCataloguePicture, null
   * while it is not stored (then `pic`, the merchant's address, is all there is).
   */
  picture: z.string().nullable(),
  /** The findings this item answers, most serious first: dimension (named in the language asked) and level. */
  answers: z.array(z.object({ dimension: z.enum(DIMENSION_IDS), name: z.string(), level: z.number().int(), levelName: z.string() })),
  /**
   * Why it is recommended (issue 16 item 9): the problem it was matched on, the first of
   * `answers`, with the customer's level and measured score, for "For: dark spots — Moderate".
   */
  why: z.object({ dimension: z.enum(DIMENSION_IDS), name: z.string(), level: z.number().int(), levelName: z.string(), score: z.number() }),
  link: z.string(),
  rank: z.number(),
});

/**
 * The report link by e-mail (D-067), offered only when the merchant configured a mail server and
 * the customer registered an e-mail address. `offered`: not asked for yet; `queued`: the customer
 * asked (the tap is the consent) and it goes when the link exists and the server takes it; `sent`:
 * the server took it; `failed`: the server refused it (5xx) or the link expired first; `uncertain`:
 * the connection failed while the message was handed over: it may have arrived and is never resent.
 */
export const REPORT_EMAIL_STATES = ['offered', 'queued', 'sent', 'failed', 'uncertain'] as const;
export const reportEmailSchema = z.object({
  /** The customer's address as the screen may show it: j***@example.com. */
  maskedAddress: z.string(),
  state: z.enum(REPORT_EMAIL_STATES),
});

export const reportSchema = z.object({
  sessionId: id,
  stage: syncStageSchema,
  /** 0..1 of the sync pipeline for the processing screen. */
  progress: z.number(),
  stageDetail: uiMessageSchema,
  taskId: z.string().nullable(),
  createdAt: z.number(),
  skinCondition: skinConditionSchema.nullable(),
  overallScore: z.number().nullable(),
  dimensions: z.array(dimensionReportSchema),
  /** Enabled dimensions the analysis could not measure, in the specification's table order (D-033). */
  notMeasured: z.array(notMeasuredReportSchema),
  recommendations: z.array(recommendationSchema),
  /** Expiring read-only page for the customer's phone, when the report is on the platform. */
  shareUrl: z.string().nullable(),
  shareExpiresAt: z.number().nullable(),
  /** Null when the kiosk has no mail server or the customer no e-mail address. */
  email: reportEmailSchema.nullable(),
});

/**
 * Where the customer stands (issue 16 item 8, D-066): the platform's percentile per measured
 * dimension among the merchant's customers of the same age band (`ageBand` null: every age,
 * the birthday being unknown). A null percentile: fewer than `minGroupSize` people to compare
 * with. Not available offline, before the analysis, or when the platform refuses.
 */
export const standingSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false) }),
  z.object({
    available: z.literal(true),
    ageBand: z.object({ from: z.number().int().min(0), to: z.number().int().min(0).nullable() }).nullable(),
    minGroupSize: z.number().int().min(1),
    dimensions: z.array(z.object({ dimension: z.enum(DIMENSION_IDS), percentile: z.number().int().min(0).max(100).nullable() })),
  }),
]);

export const faceOutlineSchema = z.object({
  points: z.array(z.tuple([z.number(), z.number()])).min(3).max(256),
  source: z.enum(['landmarks', 'box']),
});

export const historyPointSchema = z.object({
  sessionId: id,
  createdAt: z.number(),
  skinCondition: skinConditionSchema.nullable(),
  scores: z.record(z.string(), z.number()),
  /**
   * Enabled dimensions this session could not measure, with the reason (D-033): the chart shows
   * them as not comparable rather than as a change. {} for results stored before D-033.
   */
  notMeasured: z.record(z.string(), limit),
});

export const historySchema = z.object({
  points: z.array(historyPointSchema),
  /**
   * Per dimension, the score change within which a difference is measurement noise
   * (main/kiosk/noise-band.ts); a dimension without repeatability figures has none.
   */
  noiseBand: z.record(z.string(), z.number()),
});
