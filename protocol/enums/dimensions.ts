import { z } from 'zod';
import type { AllLanguageNames, LanguageCode } from './languages.ts';
import { localize } from './languages.ts';
import type { LevelScaleNames } from './names/index.ts';
import { inEveryLanguage } from './names/index.ts';

/**
 * The 28 skin-analysis dimensions and their severity levels (specification: Skin analysis
 * dimensions and severity levels). Level ids are numbers here; the wire also accepts numeric
 * strings (problem field), which `parseLevelId` turns into these numbers.
 */
export const DIMENSION_IDS = [
  'pore',
  'blackhead',
  'speckle',
  'wrinkle',
  'acne',
  'sensitive',
  'black_rim_of_eye',
  'water',
  'oil',
  'skin_vitality',
  'glow',
  'skin_smoothness',
  'firmness',
  'vitality_eye_contour',
  'skin_glow',
  'eye_bags',
  'eye_sagging',
  'plump_cheeks',
  'low_cheek',
  'mandible_edge',
  'crows_feet',
  'under_eye_wrinkle',
  'forehead_wrinkle',
  'nasolabial_folds',
  'narionette_lines',
  'frown_wrinkle',
  'lacrimal_groove',
  'neck_lines',
] as const;

export type DimensionId = (typeof DIMENSION_IDS)[number];
export const dimensionIdSchema = z.enum(DIMENSION_IDS);

export interface LevelInfo {
  readonly id: number;
  readonly name: AllLanguageNames;
}

export interface DimensionInfo {
  readonly id: DimensionId;
  /** decision: the specification gives ids only; the display names are ours. */
  readonly name: AllLanguageNames;
  readonly levels: readonly LevelInfo[];
  /** false where the specification leaves the level table open and the table is our decision. */
  readonly levelsFromSpec: boolean;
}

type ScaleKey = Exclude<keyof LevelScaleNames, 'graded'>;

/** A level table of the specification: `ids[i]` is named by entry i of each language's scale. */
function scale(key: ScaleKey, ids: readonly number[]): readonly LevelInfo[] {
  return ids.map((id, i) => ({ id, name: inEveryLanguage((names) => names.levels[key][i] ?? '') }));
}

/** "Level 0 to Level N" of the specification. */
function gradedLevels(max: number): readonly LevelInfo[] {
  const out: LevelInfo[] = [];
  for (let id = 0; id <= max; id++) out.push({ id, name: inEveryLanguage((names) => names.levels.graded.replace('{n}', String(id))) });
  return out;
}

const PORE = scale('pore', [1, 2, 3]);
const NONE_TO_SEVERE = scale('noneToSevere', [1, 2, 3, 4]);
const ACNE = scale('acne', [0, 1, 2, 3, 4]);
const SENSITIVE = scale('sensitive', [1, 2, 3, 4]);
// The specification starts water and oil at 2: there is no level 1.
const WATER_OIL = scale('waterOil', [2, 3, 4]);
const VERY_GOOD_TO_LOW = scale('veryGoodToLow', [1, 2, 3, 4]);
const SKIN_GLOW = scale('skinGlow', [1, 2, 3, 4]);

function dim(id: DimensionId, levels: readonly LevelInfo[], levelsFromSpec = true): DimensionInfo {
  return { id, name: inEveryLanguage((names) => names.dimensions[id]), levels, levelsFromSpec };
}

/** Names in every language come from protocol/enums/names/ (one module per language). */
export const DIMENSIONS: Readonly<Record<DimensionId, DimensionInfo>> = {
  pore: dim('pore', PORE),
  blackhead: dim('blackhead', NONE_TO_SEVERE),
  speckle: dim('speckle', NONE_TO_SEVERE),
  wrinkle: dim('wrinkle', NONE_TO_SEVERE),
  acne: dim('acne', ACNE),
  sensitive: dim('sensitive', SENSITIVE),
  black_rim_of_eye: dim('black_rim_of_eye', NONE_TO_SEVERE),
  water: dim('water', WATER_OIL),
  oil: dim('oil', WATER_OIL),
  skin_vitality: dim('skin_vitality', VERY_GOOD_TO_LOW),
  glow: dim('glow', VERY_GOOD_TO_LOW),
  skin_smoothness: dim('skin_smoothness', VERY_GOOD_TO_LOW),
  firmness: dim('firmness', VERY_GOOD_TO_LOW),
  vitality_eye_contour: dim('vitality_eye_contour', VERY_GOOD_TO_LOW),
  skin_glow: dim('skin_glow', SKIN_GLOW),
  eye_bags: dim('eye_bags', gradedLevels(6)),
  eye_sagging: dim('eye_sagging', gradedLevels(8)),
  // decision: the specification leaves the next three level tables open. plump_cheeks and
  // mandible_edge describe a quality (fullness, jawline definition), so they take the 4-step
  // quality scale of firmness; low_cheek describes sagging, a severity, so it takes the graded
  // scale of eye_bags (Level 0 to Level 6).
  plump_cheeks: dim('plump_cheeks', VERY_GOOD_TO_LOW, false),
  low_cheek: dim('low_cheek', gradedLevels(6), false),
  mandible_edge: dim('mandible_edge', VERY_GOOD_TO_LOW, false),
  crows_feet: dim('crows_feet', gradedLevels(7)),
  under_eye_wrinkle: dim('under_eye_wrinkle', gradedLevels(8)),
  forehead_wrinkle: dim('forehead_wrinkle', gradedLevels(8)),
  nasolabial_folds: dim('nasolabial_folds', gradedLevels(7)),
  narionette_lines: dim('narionette_lines', gradedLevels(7)),
  frown_wrinkle: dim('frown_wrinkle', gradedLevels(8)),
  lacrimal_groove: dim('lacrimal_groove', gradedLevels(6)),
  neck_lines: dim('neck_lines', gradedLevels(8)),
};

export function isDimensionId(value: string): value is DimensionId {
  return Object.prototype.hasOwnProperty.call(DIMENSIONS, value);
}

export function levelIdsOf(dimension: DimensionId): readonly number[] {
  return DIMENSIONS[dimension].levels.map((l) => l.id);
}

/**
 * A level id as the wire carries it (number or numeric string, specification: problem field)
 * turned into a number; null when it is neither an integer nor a string of digits.
 */
export function parseLevelId(levelId: number | string): number | null {
  if (typeof levelId === 'number') return Number.isInteger(levelId) ? levelId : null;
  return /^\d{1,3}$/.test(levelId) ? Number(levelId) : null;
}

/** True when `levelId` (number or numeric string) is a level of `dimension`. */
export function isValidLevel(dimension: DimensionId | string, levelId: number | string): boolean {
  if (!isDimensionId(dimension)) return false;
  const id = parseLevelId(levelId);
  return id !== null && DIMENSIONS[dimension].levels.some((l) => l.id === id);
}

export function levelInfo(dimension: DimensionId, levelId: number | string): LevelInfo | undefined {
  const id = parseLevelId(levelId);
  return id === null ? undefined : DIMENSIONS[dimension].levels.find((l) => l.id === id);
}

export function dimensionName(dimension: DimensionId, lang?: LanguageCode): string {
  return localize(DIMENSIONS[dimension].name, lang);
}

export function levelName(dimension: DimensionId, levelId: number | string, lang?: LanguageCode): string | undefined {
  const info = levelInfo(dimension, levelId);
  return info && localize(info.name, lang);
}
