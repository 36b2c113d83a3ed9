import { z } from 'zod';
import { dimensionIdSchema } from '../enums/dimensions.ts';
import { isMissing } from '../open-api/validation.ts';
import { clientIdSchema } from './users.ts';

/**
 * POST /device_api/standing (extension, docs/device-sync-api.md, decision D-066): where one
 * customer's analysis stands among the merchant's other customers of the same age band, per
 * measured dimension, as a percentile. The platform aggregates; nothing about any other customer
 * is in the answer, and a percentile is given only for a group of at least `min_group_size`
 * people (the platform's `--peer-group-min`, never below PEER_GROUP_MIN_FLOOR).
 *
 * The analysis is named by the platform's own task (the kiosk holds its id as soon as the
 * results show, before the report is submitted): scores are never taken from the request, so a
 * device cannot probe the group's distribution with made-up scores.
 */
export const standingRequestSchema = z.object({
  /** The customer whose analysis it is: their birthday picks the age band, and they are left out of the group. */
  client_user_id: clientIdSchema,
  /** A succeeded skin analysis (device_v or online_skin) of the merchant. */
  task_id: z.string().max(64).refine((id) => !isMissing(id), 'required'),
});
export type StandingRequest = z.infer<typeof standingRequestSchema>;

/** The least group a platform may be configured to answer for (D-066): below it one person stands out too easily. */
export const PEER_GROUP_MIN_FLOOR = 10;
/** The default least group (D-066). */
export const PEER_GROUP_MIN_DEFAULT = 20;

/** Age bands are decades (D-066): under 20, 20–29, …, 60–69, and 70 or older. */
export const AGE_BAND_YEARS = 10;
export const AGE_BAND_FIRST = 20;
export const AGE_BAND_LAST = 70;

/**
 * An age band in whole years at the time of the analysis: `from` 0 is "under 20", `to` null is
 * "70 or older".
 */
export const ageBandSchema = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0).nullable(),
});
export type AgeBand = z.infer<typeof ageBandSchema>;

export const dimensionStandingSchema = z.object({
  dimension: dimensionIdSchema,
  /**
   * Share of the group, 0..100, whose score in this dimension is lower than the customer's (ties
   * count half), rounded down; null when fewer than min_group_size people of the group have this
   * dimension measured.
   */
  percentile: z.number().int().min(0).max(100).nullable(),
});
export type DimensionStanding = z.infer<typeof dimensionStandingSchema>;

export const standingResponseSchema = z.object({
  /** The customer's age band at the analysis; null when their birthday is unknown (then the group is every age). */
  age_band: ageBandSchema.nullable(),
  /** The least group this platform gives a percentile for. */
  min_group_size: z.number().int().min(PEER_GROUP_MIN_FLOOR),
  /** One per dimension measured in the analysis, in the analysis's order. */
  dimensions: z.array(dimensionStandingSchema),
});
export type StandingResponse = z.infer<typeof standingResponseSchema>;
