import type { CategoryId } from '../categories.ts';
import type { DimensionId } from '../dimensions.ts';

/**
 * The names of one language for every enumeration the dimension and category reads answer
 * (specification: Skin analysis dimensions and severity levels, Product category ids). One
 * module per language beside this file; `index.ts` maps each language code to its module.
 */
export interface EnumNames {
  readonly dimensions: Readonly<Record<DimensionId, string>>;
  readonly levels: LevelScaleNames;
  readonly categories: Readonly<Record<CategoryId, string>>;
}

type Three = readonly [string, string, string];
type Four = readonly [string, string, string, string];

/** The level tables of the specification, names in level order (enums/dimensions.ts gives the ids). */
export interface LevelScaleNames {
  /** pore 1–3: Fine, Medium, Coarse. */
  readonly pore: Three;
  /** blackhead, speckle, wrinkle, black_rim_of_eye 1–4: None, Mild, Moderate, Severe. */
  readonly noneToSevere: Four;
  /** acne 0–4: None, Level I to Level IV. */
  readonly acne: readonly [string, string, string, string, string];
  /** sensitive 1–4: High skin tolerance, Medium skin tolerance, Mild sensitive skin, Sensitive skin. */
  readonly sensitive: Four;
  /** water, oil 2–4: Healthy, Moderate, Severe. */
  readonly waterOil: Three;
  /** skin_vitality, glow, skin_smoothness, firmness, vitality_eye_contour (and D-012's choices) 1–4. */
  readonly veryGoodToLow: Four;
  /** skin_glow 1–4: Very Good, Good, Medium, Poor. */
  readonly skinGlow: Four;
  /** "Level 0" to "Level N" of the graded tables: `{n}` stands for the level id. */
  readonly graded: string;
}
