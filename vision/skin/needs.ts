import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { RegionId } from './regions/regions.ts';

/**
 * What each dimension needs to be a measurement (D-033, D-062, docs/vision-skin.md "Measurability").
 * Below it the view answers "not measured" with the reason instead of a level: a "None" read off
 * pixels that cannot show the feature is a guess shown as a fact.
 */
export interface Needs {
  /**
   * The finest scale (mm, as a Gaussian sigma) the detector reads the dimension's evidence at:
   * the grade rests on features this fine.
   */
  readonly finestMm: number;
  /**
   * Least effective pixels per millimetre (measure/resolution.ts: nominal, lowered for upscaled
   * or soft photos), from the one rule below (NEED_RULE).
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
  /**
   * Lights without which the dimension cannot be told from something else (D-074): the view must
   * hold every light of at least one of these sets. Absent: any light will do (the analyser picks
   * its best, and a light other than its first choice is a caveat, not a refusal).
   */
  readonly lights?: readonly (readonly LightSource[])[];
}

/**
 * decision (D-062): one rule sets every dimension's resolution need. An image of effective
 * resolution E px/mm is blurred by about 1/E mm (measure/resolution.ts); a detector reading
 * features at scale sigma keeps at least about 40 % of their contrast while that blur is at most
 * 1.25 sigma, so the need is 0.8 / finestMm. Below it a "None" would say more about the camera
 * than about the skin. With the working frame's 600 px face (about 4.4 px/mm) the finest scale
 * any dimension can ask for is therefore 0.2 mm (pores, fine texture, under-eye lines).
 */
export const NEED_RULE = 0.8;

const n = (finestMm: number, regions: readonly RegionId[], visible: number, of: 'all' | 'any', maxYawDegrees: number, lights?: readonly (readonly LightSource[])[]): Needs => ({
  finestMm,
  minPxPerMm: Math.round((NEED_RULE / finestMm) * 100) / 100,
  regions,
  visible,
  of,
  maxYawDegrees,
  ...(lights ? { lights } : {}),
});

const CHEEKS: readonly RegionId[] = ['cheek_left', 'cheek_right'];
const UNDER_EYES: readonly RegionId[] = ['under_eye_left', 'under_eye_right'];
const T_AND_CHEEKS: readonly RegionId[] = ['forehead', 'nose', 'cheek_left', 'cheek_right', 'chin'];

/**
 * Composite dimensions (wrinkle, firmness, skin_vitality, vitality_eye_contour) have no entry:
 * they pool their parts and are measured when parts holding at least half their weight are.
 * The finest scale of each is its detector's smallest blur (measure/), or for measures read off
 * region medians and the mesh, the 2 mm below which they hold no detail.
 */
export const NEEDS: Readonly<Partial<Record<DimensionId, Needs>>> = {
  // Pores and blackheads are read with a 0.2 mm blur (measure/pores.ts): 4 px/mm.
  pore: n(0.2, ['forehead', 'nose', 'cheek_left', 'cheek_right', 'chin'], 0.35, 'any', 45),
  blackhead: n(0.2, ['nose', 'chin', 'forehead'], 0.35, 'any', 45),
  // Spots and papules are blobs found at sigmas of 0.6 and 1.2 mm (measure/spots.ts).
  speckle: n(0.6, T_AND_CHEEKS, 0.35, 'any', 45),
  acne: n(0.6, T_AND_CHEEKS, 0.35, 'any', 45),
  // Diffuse redness: a* blurred over 1.5 mm (measure/redness.ts).
  sensitive: n(1.5, T_AND_CHEEKS, 0.35, 'any', 45),
  // Medians of the under-eye band and the cheek.
  black_rim_of_eye: n(2, [...UNDER_EYES, ...CHEEKS], 0.3, 'any', 45),
  // A proxy built on microrelief valleys 0.2 mm wide (sigma 0.1 mm): beyond the working frame.
  water: n(0.1, CHEEKS, 0.4, 'any', 45),
  // Surface reflection about a millimetre across: the parallel- minus the cross-polarised image
  // (measure/surface.ts). One photo cannot tell sebum's shine from a bright patch of light (D-074).
  oil: n(1, ['forehead', 'nose', 'chin'], 0.35, 'any', 45, [['parallel_polar', 'cross_polar']]),
  // Sheen: the cheeks blurred over 2 mm.
  glow: n(2, CHEEKS, 0.4, 'any', 45),
  // Fine texture: L* minus its 0.2 mm blur's surround (measure/surface.ts).
  skin_smoothness: n(0.2, [...CHEEKS, 'forehead'], 0.35, 'any', 45),
  // Tone mottling between the 1 mm and 5 mm scales.
  skin_glow: n(1, [...CHEEKS, 'forehead', 'chin'], 0.35, 'any', 45),
  // Folds and creases read at sigmas of 1 and 2 mm.
  eye_bags: n(1, UNDER_EYES, 0.4, 'any', 45),
  // Shape from the mesh and from shading over centimetres.
  eye_sagging: n(2, [], 0, 'any', 20),
  plump_cheeks: n(2, CHEEKS, 0.4, 'any', 30),
  low_cheek: n(2, CHEEKS, 0.4, 'all', 20),
  // The jaw's edge profile, L* gradients blurred over 1 mm (analysers/contour.ts).
  mandible_edge: n(1, ['jaw_left', 'jaw_right'], 0.3, 'any', 45),
  // Lines read at sigma 0.25 mm (forehead, frown, crow's feet) and 0.2 mm (under the eyes).
  crows_feet: n(0.25, ['crows_feet_left', 'crows_feet_right'], 0.4, 'any', 60),
  under_eye_wrinkle: n(0.2, UNDER_EYES, 0.4, 'any', 45),
  forehead_wrinkle: n(0.25, ['forehead'], 0.4, 'all', 40),
  frown_wrinkle: n(0.25, ['glabella'], 0.4, 'all', 30),
  nasolabial_folds: n(1, ['nasolabial_left', 'nasolabial_right'], 0.4, 'any', 45),
  narionette_lines: n(1, ['mouth_corner_left', 'mouth_corner_right'], 0.4, 'any', 45),
  lacrimal_groove: n(1, ['tear_trough_left', 'tear_trough_right'], 0.4, 'any', 45),
  // Neck lines at sigmas of 0.6 and 1.2 mm (measure/wrinkles.ts).
  neck_lines: n(0.6, ['neck'], 0.25, 'all', 45),
};

/** The least resolution at which a dimension can be measured: its own, or for a composite its least demanding part's. */
export function minPxPerMmOf(dimension: DimensionId): number {
  const own = NEEDS[dimension];
  if (own) return own.minPxPerMm;
  return Math.min(...Object.values(NEEDS).map((x) => x?.minPxPerMm ?? Infinity));
}
