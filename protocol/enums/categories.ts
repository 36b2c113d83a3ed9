import { z } from 'zod';
import type { LanguageCode, LocalizedName } from './languages.ts';
import { localize } from './languages.ts';

/** Product category ids 1 to 10 (specification: Product category ids). */
export const CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];
export const categoryIdSchema = z.literal(CATEGORY_IDS);

/** Category 9 is the set whose bundle items travel in suit_custom_id[]. */
export const SET_CATEGORY_ID: CategoryId = 9;

export interface CategoryInfo {
  readonly id: CategoryId;
  readonly name: LocalizedName;
}

function category(id: CategoryId, en: string, zh: string): CategoryInfo {
  return { id, name: { en, 'zh-Hans': zh } };
}

export const CATEGORIES: Readonly<Record<CategoryId, CategoryInfo>> = {
  1: category(1, 'Toner', '爽肤水'),
  2: category(2, 'Emulsion / Lotion', '乳液'),
  3: category(3, 'Serum', '精华'),
  4: category(4, 'Cream', '面霜'),
  5: category(5, 'Eye Contour', '眼部护理'),
  6: category(6, 'Cleanser', '洁面'),
  7: category(7, 'Sunscreen', '防晒'),
  8: category(8, 'Others', '其他'),
  9: category(9, 'Set', '套装'),
  10: category(10, 'Mask', '面膜'),
};

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'number' && (CATEGORY_IDS as readonly number[]).includes(value);
}

export function categoryName(id: CategoryId, lang?: LanguageCode): string {
  return localize(CATEGORIES[id].name, lang);
}
