import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { RegionId } from './regions/regions.ts';

/**
 * What each dimension needs to be a measurement (D-033, docs/vision-skin.md "Measurability").
 * Below it the view answers "not measured" with the reason instead of a level: a "None" read off
 * pixels that cannot show the feature is a guess shown as a fact.
 */
export interface Needs {
  /**
   * Least effective pixels per millimetre (measure/resolution.ts: nominal, lowered for upscaled
   * or soft photos). decision: the finest feature the grade rests on must be about 2 pixels
   * across at the scale the detector reads it.
   */
  readonly minPxPerMm: number;
  /** Regions the dimension looks at. */
  readonly regions: readonly RegionId[];
  /** Least share of a region's area that must be visible skin (not hair, glasses, beard, out of frame). */
  readonly visible: number;
  /** 'all': every region must be that visible; 'any': the best-seen one is enough (sides measured apart, the better one counts). */
  readonly of: 'all' | 'any';
  /** Largest head turn (|yaw|, degrees) at which the view sees these regions squarely enough. */
  readonly maxYawDegrees: number;
}

const n = (minPxPerMm: number, regions: readonly RegionId[], visible: number, of: 'all' | 'any', maxYawDegrees: number): Needs => ({ minPxPerMm, regions, visible, of, maxYawDegrees });

const CHEEKS: readonly RegionId[] = ['cheek_left', 'cheek_right'];
const UNDER_EYES: readonly RegionId[] = ['under_eye_left', 'under_eye_right'];
const T_AND_CHEEKS: readonly RegionId[] = ['forehead', 'nose', 'cheek_left', 'cheek_right', 'chin'];

/**
 * Composite dimensions (wrinkle, firmness, skin_vitality, vitality_eye_contour) have no entry:
 * they pool their parts and are measured when parts holding at least half their weight are.
 */
export const NEEDS: Readonly<Partial<Record<DimensionId, Needs>>> = {
  // Pores are 0.1 to 0.5 mm across: 4 px/mm puts a coarse pore (0.5 mm) on 2 pixels.
  pore: n(4, ['forehead', 'nose', 'cheek_left', 'cheek_right', 'chin'], 0.35, 'any', 45),
  blackhead: n(4, ['nose', 'chin', 'forehead'], 0.35, 'any', 45),
  // Graded spots start at 1.2 mm radius, read at half resolution with sigma 0.6 mm.
  speckle: n(2, T_AND_CHEEKS, 0.35, 'any', 45),
  acne: n(2, T_AND_CHEEKS, 0.35, 'any', 45),
  // Diffuse redness and colour differences over several millimetres.
  sensitive: n(1, T_AND_CHEEKS, 0.35, 'any', 45),
  black_rim_of_eye: n(1, [...UNDER_EYES, ...CHEEKS], 0.3, 'any', 45),
  // A proxy built on 0.2 mm microrelief valleys: 8 px/mm puts them on 1.6 pixels.
  water: n(8, CHEEKS, 0.4, 'any', 45),
  oil: n(1.5, ['forehead', 'nose', 'chin'], 0.35, 'any', 45),
  glow: n(1, CHEEKS, 0.4, 'any', 45),
  // Texture below the 0.5 mm scale.
  skin_smoothness: n(4, [...CHEEKS, 'forehead'], 0.35, 'any', 45),
  skin_glow: n(1, [...CHEEKS, 'forehead', 'chin'], 0.35, 'any', 45),
  // Folds and creases a millimetre or more wide, read at half resolution with sigma 1 mm.
  eye_bags: n(1.5, UNDER_EYES, 0.4, 'any', 45),
  eye_sagging: n(1, [], 0, 'any', 20),
  plump_cheeks: n(1, CHEEKS, 0.4, 'any', 30),
  low_cheek: n(1, CHEEKS, 0.4, 'all', 20),
  mandible_edge: n(1, ['jaw_left', 'jaw_right'], 0.3, 'any', 45),
  // Lines read at sigma 0.25 mm (forehead, frown, crow's feet) and 0.2 mm (under the eyes).
  crows_feet: n(3, ['crows_feet_left', 'crows_feet_right'], 0.4, 'any', 60),
  under_eye_wrinkle: n(4, UNDER_EYES, 0.4, 'any', 45),
  forehead_wrinkle: n(3, ['forehead'], 0.4, 'all', 40),
  frown_wrinkle: n(3, ['glabella'], 0.4, 'all', 30),
  nasolabial_folds: n(1.5, ['nasolabial_left', 'nasolabial_right'], 0.4, 'any', 45),
  narionette_lines: n(1.5, ['mouth_corner_left', 'mouth_corner_right'], 0.4, 'any', 45),
  lacrimal_groove: n(1.5, ['tear_trough_left', 'tear_trough_right'], 0.4, 'any', 45),
  neck_lines: n(2, ['neck'], 0.25, 'all', 45),
};

/** The least resolution at which a dimension can be measured: its own, or for a composite its least demanding part's. */
export function minPxPerMmOf(dimension: DimensionId): number {
  const own = NEEDS[dimension];
  if (own) return own.minPxPerMm;
  return Math.min(...Object.values(NEEDS).map((x) => x?.minPxPerMm ?? Infinity));
}
