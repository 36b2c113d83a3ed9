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

function code(value: number, msg: string, http = 200): CodeInfo {
  return { code: value, msg, http };
}

export const Codes = {
  OK: code(0, 'success'),
  INVALID_PARAM: code(400, 'parameter missing or incorrect', 400),
  NOT_FOUND: code(404, 'endpoint does not exist', 404),
  METHOD_NOT_ALLOWED: code(405, 'HTTP method not supported by the endpoint', 405),
  SYSTEM_ERROR: code(500, 'system error', 500),
  TOKEN_INVALID: code(1001, 'access token invalid or expired'),
  CALL_TIMEOUT: code(40057, 'interface call timeout'),
  TOO_MUCH_DATA: code(40058, 'too much data; call in batches'),
  BATCH_FAILED: code(40069, 'operation failed, partial or full; see response.err_list'),

  STORE_NAME_TOO_LONG: code(11000, 'store name too long (max 100)'),
  STORE_NAME_EXISTS: code(11001, 'store name already exists'),
  STORE_NUMBER_FORMAT: code(11029, 'store number format error'),
  // 11028 carries two meanings in the specification, chosen by the endpoint.
  STORE_NUMBER_EXISTS: code(11028, 'store number already exists'),
  ACCOUNT_NOT_FOUND: code(11028, 'account does not exist'),
  ACCOUNT_NAME_FORMAT: code(11008, 'account name format error'),
  STORE_ACCOUNT_EXISTS: code(10008, 'store account already exists'),
  PASSWORD_FORMAT: code(11010, 'password format error'),
  MULTI_ACCOUNT_DISABLED: code(17002, 'multi-account feature not enabled'),
  ACCOUNT_NAME_EXISTS: code(11009, 'account name already exists'),
  PHONE_INVALID: code(10010, 'invalid phone number'),
  STORE_DISABLED: code(11026, 'store is disabled; enable the store before enabling an employee'),

  CATEGORY_MISSING: code(40015, 'category not specified'),
  PRODUCT_NAME_MISSING: code(40017, 'product name not specified'),
  PRODUCT_NAME_TOO_LONG: code(40018, 'product name too long'),
  PIC_INVALID: code(40025, 'image format error or missing'),
  LINK_FORMAT: code(40035, 'product link format error'),
  SUBTITLE_TOO_LONG: code(40048, 'subtitle too long'),
  PRODUCT_NUMBER_INVALID: code(40055, 'product number missing or invalid'),
  PRODUCT_NOT_FOR_SALE_AT_STORE: code(40066, 'product not available for sale at the specified store'),
  PRODUCT_NUMBER_NOT_FOUND: code(40067, 'product number does not exist'),
  STORE_NOT_PREMIUM: code(40068, 'store is not a Premium Version store'),
  INSTRUCTION_TOO_LONG: code(40077, 'product instructions exceed 2000 chars'),
  TREATMENT_NOT_FOR_SALE_AT_STORE: code(40089, 'treatment unavailable for purchase at this store'),

  FILE_NAME_MISSING: code(44007, 'file name missing'),
  FILE_EXTENSION_UNKNOWN: code(44008, 'file extension cannot be determined'),
  FILE_TYPE_UNSUPPORTED: code(44053, 'unsupported file type (ZIP is not supported)'),
  MERCHANT_INVALID: code(44098, 'invalid merchant information'),
  REGION_MISMATCH: code(44099, 'request region does not match the merchant region'),
} as const satisfies Record<string, CodeInfo>;

export type CodeName = keyof typeof Codes;

const byNumber = new Map<number, CodeInfo>();
for (const info of Object.values(Codes)) if (!byNumber.has(info.code)) byNumber.set(info.code, info);

/** The first registered meaning of a numeric code, for clients that only see the number. */
export function describeCode(value: number): CodeInfo | undefined {
  return byNumber.get(value);
}
