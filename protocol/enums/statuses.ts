import { z } from 'zod';

/**
 * The small enumerations of the specification (Other enumerations). Each is a const object of
 * named values, the union type of its values, and a zod schema accepting exactly those values.
 */

/** Store status: 1 Normal, -1 Disabled. */
export const StoreStatus = { NORMAL: 1, DISABLED: -1 } as const;
export type StoreStatus = (typeof StoreStatus)[keyof typeof StoreStatus];
export const storeStatusSchema = z.literal([1, -1]);

/** store_business_type: 0 None, 1 Basic, 2 Premium (links need Premium). */
export const StoreBusinessType = { NONE: 0, BASIC: 1, PREMIUM: 2 } as const;
export type StoreBusinessType = (typeof StoreBusinessType)[keyof typeof StoreBusinessType];
export const storeBusinessTypeSchema = z.literal([0, 1, 2]);

/** Employee/account status: 1 Enabled, -1 Disabled; also the {status} path of account_status. */
export const AccountStatus = { ENABLED: 1, DISABLED: -1 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];
export const accountStatusSchema = z.literal([1, -1]);

/** Dimension status: 1 Enabled, 0 Disabled. */
export const DimensionStatus = { ENABLED: 1, DISABLED: 0 } as const;
export type DimensionStatus = (typeof DimensionStatus)[keyof typeof DimensionStatus];
export const dimensionStatusSchema = z.literal([1, 0]);

/** Category status: 1 Enabled, -1 Disabled. */
export const CategoryStatus = { ENABLED: 1, DISABLED: -1 } as const;
export type CategoryStatus = (typeof CategoryStatus)[keyof typeof CategoryStatus];
export const categoryStatusSchema = z.literal([1, -1]);

/** Product/treatment status: 1 Active, -1 Disabled; also the {status} path of status operations. */
export const CatalogueStatus = { ACTIVE: 1, DISABLED: -1 } as const;
export type CatalogueStatus = (typeof CatalogueStatus)[keyof typeof CatalogueStatus];
export const catalogueStatusSchema = z.literal([1, -1]);

/** Product/treatment source: 1 Store-created, 2 Merchant-created (only 2 may be deleted). */
export const CatalogueSource = { STORE: 1, MERCHANT: 2 } as const;
export type CatalogueSource = (typeof CatalogueSource)[keyof typeof CatalogueSource];
export const catalogueSourceSchema = z.literal([1, 2]);

/** age_limit: 0 No limit, 1 Restricted range (then min_age and max_age are required). */
export const AgeLimit = { NONE: 0, RANGE: 1 } as const;
export type AgeLimit = (typeof AgeLimit)[keyof typeof AgeLimit];
export const ageLimitSchema = z.literal([0, 1]);

/** user_level_limit: 0 No limit, 1 Restricted. */
export const UserLevelLimit = { NONE: 0, RESTRICTED: 1 } as const;
export type UserLevelLimit = (typeof UserLevelLimit)[keyof typeof UserLevelLimit];
export const userLevelLimitSchema = z.literal([0, 1]);

/** Link type: 0 Same as headquarters, 1 Store-specific (then link is required). */
export const LinkType = { HEADQUARTERS: 0, STORE: 1 } as const;
export type LinkType = (typeof LinkType)[keyof typeof LinkType];
export const linkTypeSchema = z.literal([0, 1]);

/** sell_type: 1 All stores, 2 Selected stores (then store_list is required). */
export const SellType = { ALL_STORES: 1, SELECTED_STORES: 2 } as const;
export type SellType = (typeof SellType)[keyof typeof SellType];
export const sellTypeSchema = z.literal([1, 2]);

/** nurse_stage: 1 Essential, 2 Complementary. */
export const NurseStage = { ESSENTIAL: 1, COMPLEMENTARY: 2 } as const;
export type NurseStage = (typeof NurseStage)[keyof typeof NurseStage];
export const nurseStageSchema = z.literal([1, 2]);

/** goods_attributes_limit of a treatment: '0' No restriction, '1' Restricted (a string on the wire). */
export const GoodsAttributesLimit = { NONE: '0', RESTRICTED: '1' } as const;
export type GoodsAttributesLimit = (typeof GoodsAttributesLimit)[keyof typeof GoodsAttributesLimit];
export const goodsAttributesLimitSchema = z.literal(['0', '1']);

/** Human-readable names of the values above, for logs and operator screens. */
export const STATUS_NAMES = {
  store: { 1: 'Normal', [-1]: 'Disabled' },
  storeBusinessType: { 0: 'None', 1: 'Basic', 2: 'Premium' },
  account: { 1: 'Enabled', [-1]: 'Disabled' },
  dimension: { 1: 'Enabled', 0: 'Disabled' },
  category: { 1: 'Enabled', [-1]: 'Disabled' },
  catalogue: { 1: 'Active', [-1]: 'Disabled' },
  catalogueSource: { 1: 'Store-created', 2: 'Merchant-created' },
  ageLimit: { 0: 'No limit', 1: 'Restricted range' },
  userLevelLimit: { 0: 'No limit', 1: 'Restricted' },
  linkType: { 0: 'Same as headquarters', 1: 'Store-specific' },
  sellType: { 1: 'All stores', 2: 'Selected stores' },
  nurseStage: { 1: 'Essential', 2: 'Complementary' },
} as const;
