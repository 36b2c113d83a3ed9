import type { CodeInfo } from '../../../protocol/codes.ts';
import { Codes } from '../../../protocol/codes.ts';
import { CatalogueSource } from '../../../protocol/enums/statuses.ts';

/** Products and treatments share one table and one set of services; this is where they differ. */
export type CatalogueKind = 'product' | 'treatment';

export interface KindRules {
  readonly kind: CatalogueKind;
  /** The word used in meta.error and err_msg texts. */
  readonly noun: string;
  /** The request list of create and update (specification: Products, Treatments). */
  readonly listKey: 'product_list' | 'treatment_list';
  /** The code of a links entry whose store does not sell the item: 40066 products, 40089 treatments. */
  readonly notForSaleAtStore: CodeInfo;
  /** Whether a DELETE may remove an item of this source (specification: States and transitions). */
  readonly deletableSource: (source: number) => boolean;
}

export const KIND_RULES: Readonly<Record<CatalogueKind, KindRules>> = {
  product: {
    kind: 'product',
    noun: 'product',
    listKey: 'product_list',
    notForSaleAtStore: Codes.PRODUCT_NOT_FOR_SALE_AT_STORE,
    // Products have no source rule on delete: "listed custom_id values ... removed".
    deletableSource: () => true,
  },
  treatment: {
    kind: 'treatment',
    noun: 'treatment',
    listKey: 'treatment_list',
    notForSaleAtStore: Codes.TREATMENT_NOT_FOR_SALE_AT_STORE,
    // "treatments with source 1 cannot be deleted" (States and transitions); decision C-008.
    deletableSource: (source) => source === CatalogueSource.MERCHANT,
  },
};
