import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Analyser } from '../analyser.ts';
import { acne, blackhead, pore, sensitive, speckle } from './blemishes.ts';
import { firmness, skinVitality, vitalityEyeContour, wrinkle } from './composite.ts';
import { lowCheek, mandibleEdge, plumpCheeks } from './contour.ts';
import { blackRimOfEye, eyeBags, eyeSagging } from './eyes.ts';
import { crowsFeet, foreheadWrinkle, frownWrinkle, lacrimalGroove, marionetteLines, nasolabialFolds, neckLines, underEyeWrinkle } from './lines.ts';
import { glow, oil, skinGlow, skinSmoothness, water } from './surface.ts';

/** One analyser per dimension id; the compiler checks that none is missing. */
export const ANALYSERS: Readonly<Record<DimensionId, Analyser>> = {
  pore,
  blackhead,
  speckle,
  wrinkle,
  acne,
  sensitive,
  black_rim_of_eye: blackRimOfEye,
  water,
  oil,
  skin_vitality: skinVitality,
  glow,
  skin_smoothness: skinSmoothness,
  firmness,
  vitality_eye_contour: vitalityEyeContour,
  skin_glow: skinGlow,
  eye_bags: eyeBags,
  eye_sagging: eyeSagging,
  plump_cheeks: plumpCheeks,
  low_cheek: lowCheek,
  mandible_edge: mandibleEdge,
  crows_feet: crowsFeet,
  under_eye_wrinkle: underEyeWrinkle,
  forehead_wrinkle: foreheadWrinkle,
  nasolabial_folds: nasolabialFolds,
  narionette_lines: marionetteLines,
  frown_wrinkle: frownWrinkle,
  lacrimal_groove: lacrimalGroove,
  neck_lines: neckLines,
};
