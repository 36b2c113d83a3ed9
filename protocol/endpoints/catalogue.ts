import { z } from 'zod';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import { batchErrorSchema, emptyResponseSchema } from '../envelope.ts';
import {
  productListResponseSchema,
  storeTreatmentListResponseSchema,
  treatmentListResponseSchema,
} from '../open-api/catalogue-items.ts';
import {
  catalogueStatusParamSchema,
  customIdListBodySchema,
  linksBodySchema,
  productCreateBodySchema,
  productUpdateBodySchema,
  saleStoresBodySchema,
  treatmentCreateBodySchema,
  treatmentUpdateBodySchema,
} from '../open-api/catalogue-requests.ts';
import { merchantCatalogueQuerySchema, storeCatalogueQuerySchema } from '../open-api/paging.ts';

/**
 * The catalogue endpoints (specification: Products, Treatments, Merchant data: reads).
 *
 * decision C-004 (docs/decisions.md (C-series)): the headers of most catalogue operations are
 * not shown; every one of them takes access-token and, with a group token, merchant-id, as the
 * create-product and product reads do.
 */

/**
 * Answer of create, update, delete and status: the specification shows only err_list (on 40069).
 * decision C-005: our platform also sends `err_list: []` on full success, so a caller can read
 * the field unconditionally; it is optional here so a service that sends `{}` still parses.
 */
export const catalogueBatchResponseSchema = z.object({ err_list: z.array(batchErrorSchema).optional() });
export type CatalogueBatchResponse = z.infer<typeof catalogueBatchResponseSchema>;

/** The {status} path parameter of the status operations: 1 Active or -1 Disabled. */
export const catalogueStatusPathSchema = z.object({ status: catalogueStatusParamSchema });

/**
 * The codes a links call answers when a listed store cannot take a link for the item: 40068 (not
 * a Premium Version store), 40066 (product not for sale there) and 40089 (treatment not for
 * sale there). decision C-009: the specification's treatment-links description gives 40068 for
 * the unavailable case while its table gives 40089; our platform answers as the table does,
 * and a client reading another service treats all three as "this store cannot take a link",
 * which is right under either reading.
 */
export const STORE_LINK_REFUSAL_CODES: readonly number[] = [
  Codes.STORE_NOT_PREMIUM.code,
  Codes.PRODUCT_NOT_FOR_SALE_AT_STORE.code,
  Codes.TREATMENT_NOT_FOR_SALE_AT_STORE.code,
];

export function isStoreLinkRefusal(code: number): boolean {
  return STORE_LINK_REFUSAL_CODES.includes(code);
}

const scoped = { auth: 'token', merchantScoped: true, enveloped: true } as const;

export const catalogueEndpoints = {
  createProducts: endpoint({
    method: 'POST', path: '/open_api/merchant/products', ...scoped,
    body: productCreateBodySchema, response: catalogueBatchResponseSchema,
  }),
  updateProducts: endpoint({
    method: 'PATCH', path: '/open_api/merchant/products', ...scoped,
    body: productUpdateBodySchema, response: catalogueBatchResponseSchema,
  }),
  deleteProducts: endpoint({
    method: 'DELETE', path: '/open_api/merchant/products', ...scoped,
    body: customIdListBodySchema, response: catalogueBatchResponseSchema,
  }),
  productStatus: endpoint({
    method: 'PATCH', path: '/open_api/product/status/{status}', ...scoped,
    params: catalogueStatusPathSchema, body: customIdListBodySchema, response: catalogueBatchResponseSchema,
  }),
  productSaleStores: endpoint({
    method: 'PATCH', path: '/open_api/product/sale_stores', ...scoped,
    body: saleStoresBodySchema, response: emptyResponseSchema,
  }),
  productLinks: endpoint({
    method: 'PATCH', path: '/open_api/product/links', ...scoped,
    body: linksBodySchema, response: emptyResponseSchema,
  }),
  merchantProducts: endpoint({
    method: 'GET', path: '/open_api/merchant/products', ...scoped,
    query: merchantCatalogueQuerySchema, response: productListResponseSchema,
  }),
  storeProducts: endpoint({
    method: 'GET', path: '/open_api/store/products', ...scoped,
    query: storeCatalogueQuerySchema, response: productListResponseSchema,
  }),

  createTreatments: endpoint({
    method: 'POST', path: '/open_api/merchant/treatments', ...scoped,
    body: treatmentCreateBodySchema, response: catalogueBatchResponseSchema,
  }),
  updateTreatments: endpoint({
    method: 'PATCH', path: '/open_api/merchant/treatments', ...scoped,
    body: treatmentUpdateBodySchema, response: catalogueBatchResponseSchema,
  }),
  deleteTreatments: endpoint({
    method: 'DELETE', path: '/open_api/merchant/treatments', ...scoped,
    body: customIdListBodySchema, response: catalogueBatchResponseSchema,
  }),
  treatmentStatus: endpoint({
    method: 'PATCH', path: '/open_api/treatment/status/{status}', ...scoped,
    params: catalogueStatusPathSchema, body: customIdListBodySchema, response: catalogueBatchResponseSchema,
  }),
  treatmentSaleStores: endpoint({
    method: 'PATCH', path: '/open_api/treatment/sale_stores', ...scoped,
    body: saleStoresBodySchema, response: emptyResponseSchema,
  }),
  treatmentLinks: endpoint({
    method: 'PATCH', path: '/open_api/treatment/links', ...scoped,
    body: linksBodySchema, response: emptyResponseSchema,
  }),
  merchantTreatments: endpoint({
    method: 'GET', path: '/open_api/merchant/treatments', ...scoped,
    query: merchantCatalogueQuerySchema, response: treatmentListResponseSchema,
  }),
  storeTreatments: endpoint({
    method: 'GET', path: '/open_api/store/treatments', ...scoped,
    query: storeCatalogueQuerySchema, response: storeTreatmentListResponseSchema,
  }),
} as const;
