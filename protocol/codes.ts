/**
 * Every meta.code of the interface specification (section Errors), with its meaning and the
 * HTTP status it travels with. Decision D-002 (docs/decisions.md): the protocol-level codes
 * 400, 404, 405 and 500 travel with the HTTP status of the same number; every business code
 * travels with HTTP 200, because the specification says callers must check meta.code on 200.
 */
export interface CodeInfo {
  readonly code: number;
  readonly msg: string;
  readonly http: number;
}

export function defineCode(value: number, msg: string, http = 200): CodeInfo {
  return { code: value, msg, http };
}

export const Codes = {
  OK: defineCode(0, 'success'),
  INVALID_PARAM: defineCode(400, 'parameter missing or incorrect', 400),
  NOT_FOUND: defineCode(404, 'endpoint does not exist', 404),
  METHOD_NOT_ALLOWED: defineCode(405, 'HTTP method not supported by the endpoint', 405),
  SYSTEM_ERROR: defineCode(500, 'system error', 500),
  TOKEN_INVALID: defineCode(1001, 'access token invalid or expired'),
  CALL_TIMEOUT: defineCode(40057, 'interface call timeout'),
  TOO_MUCH_DATA: defineCode(40058, 'too much data; call in batches'),
  BATCH_FAILED: defineCode(40069, 'operation failed, partial or full; see response.err_list'),

  STORE_NAME_TOO_LONG: defineCode(11000, 'store name too long (max 100)'),
  STORE_NAME_EXISTS: defineCode(11001, 'store name already exists'),
  STORE_NUMBER_FORMAT: defineCode(11029, 'store number format error'),
  // 11028 carries two meanings in the specification, chosen by the endpoint.
  STORE_NUMBER_EXISTS: defineCode(11028, 'store number already exists'),
  ACCOUNT_NOT_FOUND: defineCode(11028, 'account does not exist'),
  ACCOUNT_NAME_FORMAT: defineCode(11008, 'account name format error'),
  STORE_ACCOUNT_EXISTS: defineCode(10008, 'store account already exists'),
  PASSWORD_FORMAT: defineCode(11010, 'password format error'),
  MULTI_ACCOUNT_DISABLED: defineCode(17002, 'multi-account feature not enabled'),
  ACCOUNT_NAME_EXISTS: defineCode(11009, 'account name already exists'),
  PHONE_INVALID: defineCode(10010, 'invalid phone number'),
  STORE_DISABLED: defineCode(11026, 'store is disabled; enable the store before enabling an employee'),

  CATEGORY_MISSING: defineCode(40015, 'category not specified'),
  PRODUCT_NAME_MISSING: defineCode(40017, 'product name not specified'),
  PRODUCT_NAME_TOO_LONG: defineCode(40018, 'product name too long'),
  PIC_INVALID: defineCode(40025, 'image format error or missing'),
  LINK_FORMAT: defineCode(40035, 'product link format error'),
  SUBTITLE_TOO_LONG: defineCode(40048, 'subtitle too long'),
  PRODUCT_NUMBER_INVALID: defineCode(40055, 'product number missing or invalid'),
  PRODUCT_NOT_FOR_SALE_AT_STORE: defineCode(40066, 'product not available for sale at the specified store'),
  PRODUCT_NUMBER_NOT_FOUND: defineCode(40067, 'product number does not exist'),
  STORE_NOT_PREMIUM: defineCode(40068, 'store is not a Premium Version store'),
  INSTRUCTION_TOO_LONG: defineCode(40077, 'product instructions exceed 2000 chars'),
  TREATMENT_NOT_FOR_SALE_AT_STORE: defineCode(40089, 'treatment unavailable for purchase at this store'),

  FILE_NAME_MISSING: defineCode(44007, 'file name missing'),
  FILE_EXTENSION_UNKNOWN: defineCode(44008, 'file extension cannot be determined'),
  FILE_TYPE_UNSUPPORTED: defineCode(44053, 'unsupported file type (ZIP is not supported)'),
  MERCHANT_INVALID: defineCode(44098, 'invalid merchant information'),
  REGION_MISMATCH: defineCode(44099, 'request region does not match the merchant region'),
} as const satisfies Record<string, CodeInfo>;

export type CodeName = keyof typeof Codes;
