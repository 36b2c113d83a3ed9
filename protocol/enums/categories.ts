import { z } from 'zod';
import type { AllLanguageNames, LanguageCode } from './languages.ts';
import { localize } from './languages.ts';
import { inEveryLanguage } from './names/index.ts';

/** Product category ids 1 to 10 (specification: Product category ids). */
export const CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];
export const categoryIdSchema = z.literal(CATEGORY_IDS);

/** Category 9 is the set whose bundle items travel in suit_custom_id[]. */
export const SET_CATEGORY_ID: CategoryId = 9;

export interface CategoryInfo {
  readonly id: CategoryId;
  /** Names in every language, from protocol/enums/names/. */
  readonly name: AllLanguageNames;
}

function category(id: CategoryId): CategoryInfo {
  return { id, name: inEveryLanguage((names) => names.categories[id]) };
}

export const CATEGORIES: Readonly<Record<CategoryId, CategoryInfo>> = {
  1: category(1),
  2: category(2),
  3: category(3),
  4: category(4),
  5: category(5),
  6: category(6),
  7: category(7),
  8: category(8),
  9: category(9),
  10: category(10),
};

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'number' && (CATEGORY_IDS as readonly number[]).includes(value);
}

export function categoryName(id: CategoryId, lang?: LanguageCode): string {
  return localize(CATEGORIES[id].name, lang);
}
