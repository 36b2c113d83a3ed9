/**
 * Per dimension, the score difference between two sessions that is within measurement noise
 * (kiosk API getHistory `noiseBand`): the history chart greys out changes smaller than this.
 *
 * Provenance: derived once by test/unit/kiosk-sync/derive-noise-band.ts on 2026-11-22 with the
 * vision/skin of that day: 54 analyses = 3 frontal face fixtures (test/fixtures/faces:
 * sample6-frontal, sample3-frontal-smile, astronaut-frontal) x 18 re-framings (shifts of -2, 0,
 * +2 % of the frame in x and y, zoom 1 and 0.96), each prepared like a simulated still
 * (1600x1200, JPEG q90) and analysed as an online_skin task is (face, analyseView on white,
 * combineViews). Band = 1.96 x sqrt(2) x pooled sigma, floored at 1 point.
 *
 * Caveats: the fixtures are 400-px photos upscaled, so fine-detail dimensions (pores, lines) see
 * less real texture than a 12-MP still; only white light (device_v's polarised and UV channels
 * are not covered); three faces. Re-derive with real device stills before trusting small bands.
 * Dimensions at the floor (1) did not change over the re-framings at all on these images.
 */
import type { DimensionId } from '../../protocol/enums/dimensions.ts';

export const NOISE_BAND: Readonly<Record<DimensionId, number>> = {
  pore: 1,
  blackhead: 1,
  speckle: 8.3,
  wrinkle: 33.8,
  acne: 18.4,
  sensitive: 2.9,
  black_rim_of_eye: 4.4,
  water: 3.3,
  oil: 1,
  skin_vitality: 1.7,
  glow: 7.5,
  skin_smoothness: 1,
  firmness: 18.4,
  vitality_eye_contour: 8.1,
  skin_glow: 2.8,
  eye_bags: 34,
  eye_sagging: 1,
  plump_cheeks: 3.8,
  low_cheek: 1,
  mandible_edge: 23.1,
  crows_feet: 2.2,
  under_eye_wrinkle: 5.3,
  forehead_wrinkle: 1,
  nasolabial_folds: 27.9,
  narionette_lines: 1,
  frown_wrinkle: 1,
  lacrimal_groove: 1,
  neck_lines: 1,
};

export const NOISE_BAND_PROVENANCE = 'test/unit/kiosk-sync/derive-noise-band.ts, 2026-11-22: 54 analyses of 3 face fixtures under 18 re-framings; band = 1.96*sqrt(2)*sigma, min 1';
