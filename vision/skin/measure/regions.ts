import type { RegionId } from '../regions/regions.ts';

/** Region groups the measures share. */
export const FACE_SKIN: readonly RegionId[] = [
  'forehead',
  'glabella',
  'nose',
  'cheek_left',
  'cheek_right',
  'under_eye_left',
  'under_eye_right',
  'crows_feet_left',
  'crows_feet_right',
  'nasolabial_left',
  'nasolabial_right',
  'mouth_corner_left',
  'mouth_corner_right',
  'chin',
  'jaw_left',
  'jaw_right',
];
export const T_ZONE: readonly RegionId[] = ['forehead', 'glabella', 'nose', 'chin'];
export const CHEEKS: readonly RegionId[] = ['cheek_left', 'cheek_right'];
export const PORE_REGIONS: readonly RegionId[] = ['forehead', 'glabella', 'nose', 'cheek_left', 'cheek_right', 'chin'];
export const EYE_AREA: readonly RegionId[] = ['under_eye_left', 'under_eye_right', 'crows_feet_left', 'crows_feet_right'];
