import type { FaceGeometry, Point2 } from '../../types.ts';
import type { FaceAxes } from './geometry.ts';
import { centroid, corridor, faceAxes, landmark, landmarks, offset } from './geometry.ts';
import * as M from './mesh-indices.ts';

/** The skin regions the analysers measure in (left/right are the subject's). */
export const REGION_IDS = [
  'forehead',
  'glabella',
  'nose',
  'cheek_left',
  'cheek_right',
  'under_eye_left',
  'under_eye_right',
  'tear_trough_left',
  'tear_trough_right',
  'crows_feet_left',
  'crows_feet_right',
  'nasolabial_left',
  'nasolabial_right',
  'mouth_corner_left',
  'mouth_corner_right',
  'chin',
  'jaw_left',
  'jaw_right',
  'neck',
] as const;
export type RegionId = (typeof REGION_IDS)[number];

/** What the skin mask leaves out. */
export const EXCLUSION_IDS = ['eye_left', 'eye_right', 'brow_left', 'brow_right', 'lips', 'nostrils'] as const;
export type ExclusionId = (typeof EXCLUSION_IDS)[number];

export type Side = 'left' | 'right';

export interface SkinRegions {
  readonly axes: FaceAxes;
  /** The face silhouette (mesh FACE_OVAL), with the forehead raised above the mesh's top row. */
  readonly face: readonly Point2[];
  readonly regions: Readonly<Record<RegionId, readonly Point2[]>>;
  readonly exclusions: Readonly<Record<ExclusionId, readonly Point2[]>>;
}

/** Polygons in image pixels; see docs/vision-skin.md for the drawing. */
export function skinRegions(face: FaceGeometry): SkinRegions {
  const axes = faceAxes(face);
  const L = (i: number): Point2 => landmark(face, i);
  // The mesh stops short of the hairline on a bare forehead; the forehead region goes up a
  // further 0.2 IPD, and the skin mask's colour and texture tests cut it at the hairline.
  const raise = (p: Point2): Point2 => offset(axes, p, 0, -0.2);
  const top = landmarks(face, M.FOREHEAD_TOP).map(raise);
  const oval = landmarks(face, M.FACE_OVAL).map((p, k) => (M.FOREHEAD_TOP.includes(M.FACE_OVAL[k] as (typeof M.FOREHEAD_TOP)[number]) ? raise(p) : p));
  const forehead = [...top, ...landmarks(face, [...M.BROW_TOPS].reverse())];
  const glabella = landmarks(face, [55, 107, 9, 336, 285, 8]);

  const side = (s: Side) => {
    const out = s === 'left' ? 1 : -1;
    const right = s === 'right';
    const outer = L(right ? M.POINT.outerCanthusRight : M.POINT.outerCanthusLeft);
    const inner = L(right ? M.POINT.innerCanthusRight : M.POINT.innerCanthusLeft);
    const ala = L(right ? M.POINT.alaRight : M.POINT.alaLeft);
    const corner = L(right ? M.POINT.mouthCornerRight : M.POINT.mouthCornerLeft);
    const chinDrop = (L(M.POINT.chin).x - corner.x) * axes.v.x + (L(M.POINT.chin).y - corner.y) * axes.v.y;
    const ring1 = landmarks(face, right ? M.UNDER_EYE_RING1_RIGHT : M.UNDER_EYE_RING1_LEFT);
    const ring3 = landmarks(face, right ? M.UNDER_EYE_RING3_RIGHT : M.UNDER_EYE_RING3_LEFT);
    const jaw = landmarks(face, right ? M.JAW_RIGHT : M.JAW_LEFT).slice(0, 7);
    const mid = centroid(landmarks(face, M.FACE_OVAL));
    return {
      cheek: landmarks(face, right ? M.CHEEK_RIGHT : M.CHEEK_LEFT),
      underEye: [...ring1, ...[...ring3].reverse()],
      // Tear trough: from below the inner corner, down and out along the orbital rim.
      tearTrough: corridor(offset(axes, inner, 0.02 * out, 0.1), offset(axes, inner, 0.3 * out, 0.42), 0.07 * axes.ipd),
      // Crow's feet fan out from the outer corner towards the temple, mostly at and below its level.
      crowsFeet: [offset(axes, outer, 0.06 * out, -0.28), offset(axes, outer, 0.5 * out, -0.36), offset(axes, outer, 0.5 * out, 0.4), offset(axes, outer, 0.06 * out, 0.26)],
      // The fold runs from above the ala, outside it, down to beside the mouth corner.
      nasolabial: corridor(offset(axes, ala, 0.06 * out, -0.06), offset(axes, corner, 0.12 * out, 0.06), 0.1 * axes.ipd, 0.12 * axes.ipd),
      // Marionette line: from the mouth corner down towards the jaw.
      mouthCorner: corridor(offset(axes, corner, 0.02 * out, 0.04), offset(axes, corner, 0.1 * out, (0.8 * chinDrop) / axes.ipd), 0.09 * axes.ipd),
      // Jaw: a band across the lower silhouette, inside and outside the edge.
      jaw: [...jaw.map((p) => lerp(p, mid, 0.16)), ...jaw.map((p) => lerp(p, mid, -0.1)).reverse()],
    };
  };
  const r = side('right');
  const l = side('left');
  const chin = L(M.POINT.chin);
  const jawLine = [...landmarks(face, M.JAW_RIGHT.slice(2)), ...landmarks(face, [...M.JAW_LEFT.slice(2, -1)].reverse())];
  // Neck: below the chin and jaw, narrower than the jaw; clipped to the image by the masks. It
  // starts 0.22 IPD (about 14 mm) under the jawline, clear of the shadow the jaw casts.
  const neckTop = jawLine.map((p) => lerp(offset(axes, p, 0, 0.22), chin, 0.15));
  const neck = [...neckTop, ...[...neckTop].reverse().map((p) => lerp(offset(axes, p, 0, 0.9), offset(axes, chin, 0, 0.9), 0.2))];
  return {
    axes,
    face: oval,
    regions: {
      forehead,
      glabella,
      nose: landmarks(face, M.NOSE),
      cheek_left: l.cheek,
      cheek_right: r.cheek,
      under_eye_left: l.underEye,
      under_eye_right: r.underEye,
      tear_trough_left: l.tearTrough,
      tear_trough_right: r.tearTrough,
      crows_feet_left: l.crowsFeet,
      crows_feet_right: r.crowsFeet,
      nasolabial_left: l.nasolabial,
      nasolabial_right: r.nasolabial,
      mouth_corner_left: l.mouthCorner,
      mouth_corner_right: r.mouthCorner,
      chin: landmarks(face, M.CHIN),
      jaw_left: l.jaw,
      jaw_right: r.jaw,
      neck,
    },
    exclusions: {
      eye_left: landmarks(face, M.EYE_LEFT),
      eye_right: landmarks(face, M.EYE_RIGHT),
      brow_left: landmarks(face, M.BROW_LEFT),
      brow_right: landmarks(face, M.BROW_RIGHT),
      lips: landmarks(face, M.LIPS),
      nostrils: landmarks(face, M.NOSTRILS),
    },
  };
}

function lerp(a: Point2, b: Point2, t: number): Point2 {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
