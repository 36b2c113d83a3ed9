import { z } from 'zod';
import type { LanguageCode, LocalizedName } from './languages.ts';
import { localize } from './languages.ts';

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
  readonly name: LocalizedName;
}

export interface DimensionInfo {
  readonly id: DimensionId;
  /** decision: the specification gives ids only; the display names are ours. */
  readonly name: LocalizedName;
  readonly levels: readonly LevelInfo[];
  /** false where the specification leaves the level table open and the table is our decision. */
  readonly levelsFromSpec: boolean;
}

function level(id: number, en: string, zh: string): LevelInfo {
  return { id, name: { en, 'zh-Hans': zh } };
}

/** "Level 0 to Level N" of the specification. */
function gradedLevels(max: number): readonly LevelInfo[] {
  const out: LevelInfo[] = [];
  for (let id = 0; id <= max; id++) out.push(level(id, `Level ${id}`, `${id}级`));
  return out;
}

const NONE_TO_SEVERE = [
  level(1, 'None', '无'),
  level(2, 'Mild', '轻度'),
  level(3, 'Moderate', '中度'),
  level(4, 'Severe', '重度'),
] as const;

const VERY_GOOD_TO_LOW = [
  level(1, 'Very Good', '很好'),
  level(2, 'Fairly Good', '较好'),
  level(3, 'Moderate', '一般'),
  level(4, 'Low', '较差'),
] as const;

const PORE = [level(1, 'Fine', '细致'), level(2, 'Medium', '中等'), level(3, 'Coarse', '粗大')] as const;

const ACNE = [
  level(0, 'None', '无'),
  level(1, 'Level I', 'I级'),
  level(2, 'Level II', 'II级'),
  level(3, 'Level III', 'III级'),
  level(4, 'Level IV', 'IV级'),
] as const;

const SENSITIVE = [
  level(1, 'High skin tolerance', '耐受性强'),
  level(2, 'Medium skin tolerance', '耐受性中等'),
  level(3, 'Mild sensitive skin', '轻度敏感肌'),
  level(4, 'Sensitive skin', '敏感肌'),
] as const;

// The specification starts water and oil at 2: there is no level 1.
const WATER_OIL = [level(2, 'Healthy', '健康'), level(3, 'Moderate', '中度'), level(4, 'Severe', '重度')] as const;

const SKIN_GLOW = [
  level(1, 'Very Good', '很好'),
  level(2, 'Good', '良好'),
  level(3, 'Medium', '中等'),
  level(4, 'Poor', '较差'),
] as const;

function dim(id: DimensionId, en: string, zh: string, levels: readonly LevelInfo[], levelsFromSpec = true): DimensionInfo {
  return { id, name: { en, 'zh-Hans': zh }, levels, levelsFromSpec };
}

export const DIMENSIONS: Readonly<Record<DimensionId, DimensionInfo>> = {
  pore: dim('pore', 'Pores', '毛孔', PORE),
  blackhead: dim('blackhead', 'Blackheads', '黑头', NONE_TO_SEVERE),
  speckle: dim('speckle', 'Spots', '色斑', NONE_TO_SEVERE),
  wrinkle: dim('wrinkle', 'Wrinkles', '皱纹', NONE_TO_SEVERE),
  acne: dim('acne', 'Acne', '痘痘', ACNE),
  sensitive: dim('sensitive', 'Sensitivity', '敏感度', SENSITIVE),
  black_rim_of_eye: dim('black_rim_of_eye', 'Dark Circles', '黑眼圈', NONE_TO_SEVERE),
  water: dim('water', 'Hydration', '水分', WATER_OIL),
  oil: dim('oil', 'Oiliness', '油脂', WATER_OIL),
  skin_vitality: dim('skin_vitality', 'Skin Vitality', '肌肤活力', VERY_GOOD_TO_LOW),
  glow: dim('glow', 'Glow', '光泽度', VERY_GOOD_TO_LOW),
  skin_smoothness: dim('skin_smoothness', 'Skin Smoothness', '肌肤光滑度', VERY_GOOD_TO_LOW),
  firmness: dim('firmness', 'Firmness', '紧致度', VERY_GOOD_TO_LOW),
  vitality_eye_contour: dim('vitality_eye_contour', 'Eye Contour Vitality', '眼周活力', VERY_GOOD_TO_LOW),
  skin_glow: dim('skin_glow', 'Skin Radiance', '肌肤透亮度', SKIN_GLOW),
  eye_bags: dim('eye_bags', 'Eye Bags', '眼袋', gradedLevels(6)),
  eye_sagging: dim('eye_sagging', 'Eye Sagging', '眼周松垂', gradedLevels(8)),
  // decision: the specification leaves the next three level tables open. plump_cheeks and
  // mandible_edge describe a quality (fullness, jawline definition), so they take the 4-step
  // quality scale of firmness; low_cheek describes sagging, a severity, so it takes the graded
  // scale of eye_bags (Level 0 to Level 6).
  plump_cheeks: dim('plump_cheeks', 'Plump Cheeks', '苹果肌饱满度', VERY_GOOD_TO_LOW, false),
  low_cheek: dim('low_cheek', 'Cheek Sagging', '面颊下垂', gradedLevels(6), false),
  mandible_edge: dim('mandible_edge', 'Jawline Definition', '下颌线清晰度', VERY_GOOD_TO_LOW, false),
  crows_feet: dim('crows_feet', "Crow's Feet", '鱼尾纹', gradedLevels(7)),
  under_eye_wrinkle: dim('under_eye_wrinkle', 'Under-Eye Wrinkles', '眼下细纹', gradedLevels(8)),
  forehead_wrinkle: dim('forehead_wrinkle', 'Forehead Wrinkles', '抬头纹', gradedLevels(8)),
  nasolabial_folds: dim('nasolabial_folds', 'Nasolabial Folds', '法令纹', gradedLevels(7)),
  // The id keeps the specification's spelling ("narionette"); the name is the usual term.
  narionette_lines: dim('narionette_lines', 'Marionette Lines', '木偶纹', gradedLevels(7)),
  frown_wrinkle: dim('frown_wrinkle', 'Frown Lines', '川字纹', gradedLevels(8)),
  lacrimal_groove: dim('lacrimal_groove', 'Tear Troughs', '泪沟', gradedLevels(6)),
  neck_lines: dim('neck_lines', 'Neck Lines', '颈纹', gradedLevels(8)),
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
