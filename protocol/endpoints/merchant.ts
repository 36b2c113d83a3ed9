import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { accountStatusSchema } from '../enums/statuses.ts';
import {
  accountStatusBodySchema,
  accountStatusParamSchema,
  accountUpdateBodySchema,
  categoryListResponseSchema,
  dimensionListResponseSchema,
  employeeCreateBodySchema,
  employeeListResponseSchema,
  employeesQuerySchema,
  langQuerySchema,
  langsResponseSchema,
  merchantListResponseSchema,
  pageQuerySchema,
  regionListResponseSchema,
  storeCreateBodySchema,
  storeListResponseSchema,
  storeUpdateBodySchema,
} from '../open-api/index.ts';

/**
 * Answers of the merchant-data writes. The specification shows only the envelope for them
 * (decision M-012, docs/decisions.md (M-series)): each answers the ids it created or
 * touched, as strings like the ids of the list items, so a caller needs no follow-up read.
 */
export const storeCreateResponseSchema = z.object({
  store_id: z.string(),
  store_custom_id: z.string(),
  /** The store manager's account, created in the same transaction. */
  account_id: z.string(),
});
export type StoreCreateResponse = z.infer<typeof storeCreateResponseSchema>;

export const storeUpdateResponseSchema = z.object({
  store_id: z.string(),
  /** The store number after the update (new_custom_id when one was given). */
  store_custom_id: z.string(),
});
export type StoreUpdateResponse = z.infer<typeof storeUpdateResponseSchema>;

export const employeeCreateResponseSchema = z.object({
  account_id: z.string(),
  store_id: z.string(),
  store_custom_id: z.string(),
});
export type EmployeeCreateResponse = z.infer<typeof employeeCreateResponseSchema>;

export const accountUpdateResponseSchema = z.object({
  account_id: z.string(),
  /** The account name after the update (new_username when one was given). */
  username: z.string(),
});
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponseSchema>;

export const accountStatusResponseSchema = z.object({
  account_id: z.string(),
  username: z.string(),
  status: accountStatusSchema,
});
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

/** The {status} path parameter of account_status: '1' or '-1'. */
export const accountStatusParamsSchema = z.object({ status: accountStatusParamSchema });

/**
 * Merchant data: reads, stores, employees and accounts (specification: Endpoints, Merchant data:
 * reads; Create store; Update store; Create employee; Update account; Enable or disable account).
 * Every one takes header access-token; all but the merchant list are merchant-scoped (header
 * merchant-id with a group-level token, decision D-007).
 */
export const merchantEndpoints = {
  /** Group operation: needs a group-level token (D-007). */
  listMerchants: endpoint({
    method: 'GET', path: '/open_api/merchant/merchants', auth: 'token', merchantScoped: false, enveloped: true,
    response: merchantListResponseSchema,
  }),
  listStores: endpoint({
    method: 'GET', path: '/open_api/merchant/stores', auth: 'token', merchantScoped: true, enveloped: true,
    query: pageQuerySchema, response: storeListResponseSchema,
  }),
  listEmployees: endpoint({
    method: 'GET', path: '/open_api/merchant/employees', auth: 'token', merchantScoped: true, enveloped: true,
    query: employeesQuerySchema, response: employeeListResponseSchema,
  }),
  langs: endpoint({
    method: 'GET', path: '/open_api/merchant/langs', auth: 'token', merchantScoped: true, enveloped: true,
    response: langsResponseSchema,
  }),
  listDimensions: endpoint({
    method: 'GET', path: '/open_api/merchant/dimensions', auth: 'token', merchantScoped: true, enveloped: true,
    query: langQuerySchema, response: dimensionListResponseSchema,
  }),
  listCategories: endpoint({
    method: 'GET', path: '/open_api/merchant/categories', auth: 'token', merchantScoped: true, enveloped: true,
    query: langQuerySchema, response: categoryListResponseSchema,
  }),
  listAreas: endpoint({
    method: 'GET', path: '/open_api/merchant/area', auth: 'token', merchantScoped: true, enveloped: true,
    query: pageQuerySchema, response: regionListResponseSchema,
  }),
  createStore: endpoint({
    method: 'POST', path: '/open_api/merchant/stores', auth: 'token', merchantScoped: true, enveloped: true,
    body: storeCreateBodySchema, response: storeCreateResponseSchema,
  }),
  updateStore: endpoint({
    method: 'PATCH', path: '/open_api/merchant/stores', auth: 'token', merchantScoped: true, enveloped: true,
    body: storeUpdateBodySchema, response: storeUpdateResponseSchema,
  }),
  createEmployee: endpoint({
    method: 'POST', path: '/open_api/merchant/employees', auth: 'token', merchantScoped: true, enveloped: true,
    body: employeeCreateBodySchema, response: employeeCreateResponseSchema,
  }),
  updateAccount: endpoint({
    method: 'PATCH', path: '/open_api/merchant/account', auth: 'token', merchantScoped: true, enveloped: true,
    body: accountUpdateBodySchema, response: accountUpdateResponseSchema,
  }),
  setAccountStatus: endpoint({
    method: 'PATCH', path: '/open_api/merchant/account_status/{status}', auth: 'token', merchantScoped: true, enveloped: true,
    params: accountStatusParamsSchema, body: accountStatusBodySchema, response: accountStatusResponseSchema,
  }),
} as const;
