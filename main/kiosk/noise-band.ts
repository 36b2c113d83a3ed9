/**
 * Per dimension, the score difference between two sessions that is within measurement noise
 * (kiosk API getHistory `noiseBand`): the history chart greys out changes smaller than this.
 *
 * The bands are derived from measured repeatability (repeatability.ts: band = 1.96 x sqrt(2) x
 * pooled within-face score SD, floored at 1), read from repeatability.json beside this file. That
 * file's `provenance` says where its figures come from: until the repeatability benchmark writes
 * real ones (`--write-figures`), they are the bands of 2026-11-22 converted back to SDs, with all
 * the caveats of that derivation (three upscaled face fixtures, white light only). A dimension
 * missing from the file has no band; so has a dimension a session did not measure (D-033), which
 * the renderer shows as not comparable instead.
 */
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import figuresDocument from './repeatability.json' with { type: 'json' };
import { noiseBands, parseRepeatability } from './repeatability.ts';

// Validated at load: a broken figures file fails the kiosk's start, not a customer's chart.
const FIGURES = parseRepeatability(figuresDocument);

export const NOISE_BAND: Readonly<Partial<Record<DimensionId, number>>> = Object.freeze(noiseBands(FIGURES));

export const NOISE_BAND_PROVENANCE: string = FIGURES.provenance;
