import { request } from 'undici';
import { expect } from 'vitest';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import type { BatchError } from '../../../protocol/envelope.ts';
import type { ProductCreateBody, TreatmentCreateBody } from '../../../protocol/open-api/catalogue-requests.ts';
import type { TestPlatform } from '../../helpers/platform.ts';

/** Shared helpers of the catalogue suites: raw HTTP for malformed input, DB reads (portable SQL), error checks. */

export type Merchant = 'primary' | 'second' | 'mainland';

export interface ItemDbRow {
  id: number;
  merchant_id: number;
  kind: string;
  custom_id: string;
  category_id: number | null;
  name: string;
  pic: string;
  sub_title: string;
  price_unit: number;
  price_cents: number;
  link: string;
  problem: string;
  label: string;
  lang_data: string;
  age_limit: number;
  min_age: number;
  max_age: number;
  user_level: string;
  instruction: string;
  goods_attributes_code: string;
  goods_attributes_limit: string | null;
  source: number;
  status: number;
  sell_type: number;
  updated_at: number;
  /** Raised by every change (migration 007). */
  revision: number;
}

export function merchantId(tp: TestPlatform, merchant: Merchant): number {
  return Number(tp.app(merchant).merchant_id);
}

export function itemRow(tp: TestPlatform, merchant: Merchant, kind: 'product' | 'treatment', customId: string): Promise<ItemDbRow | undefined> {
  return tp.platform.services.sql.one<ItemDbRow>('SELECT * FROM catalogue_items WHERE merchant_id = ? AND kind = ? AND custom_id = ?', [
    merchantId(tp, merchant), kind, customId,
  ]);
}

export async function itemCount(tp: TestPlatform): Promise<number> {
  return (await tp.platform.services.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalogue_items'))?.n ?? 0;
}

export async function saleStoresOf(tp: TestPlatform, itemId: number): Promise<string[]> {
  const rows = await tp.platform.services.sql.all<{ custom_id: string }>(
    'SELECT s.custom_id FROM catalogue_sale_stores c JOIN stores s ON s.id = c.store_id WHERE c.item_id = ? ORDER BY s.custom_id',
    [itemId],
  );
  return rows.map((r) => r.custom_id);
}

export function linksOf(tp: TestPlatform, itemId: number): Promise<Array<{ store: string; link_type: number; link: string }>> {
  return tp.platform.services.sql.all(
    'SELECT s.custom_id AS store, l.link_type, l.link FROM catalogue_store_links l JOIN stores s ON s.id = l.store_id WHERE l.item_id = ? ORDER BY s.custom_id',
    [itemId],
  );
}

/** The PlatformError a call fails with; fails the test when the call succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<PlatformError> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof PlatformError)) throw outcome.error;
  return outcome.error;
}

export async function expectCode(call: Promise<unknown>, code: number): Promise<PlatformError> {
  const error = await failureOf(call);
  expect(error.code, error.message).toBe(code);
  return error;
}

/** response.err_list of a 40069, as the client hands it over. */
export function errListOf(error: PlatformError): BatchError[] {
  expect(error.code, error.message).toBe(40069);
  const response = error.response as { err_list?: BatchError[] } | undefined;
  expect(Array.isArray(response?.err_list)).toBe(true);
  return response?.err_list ?? [];
}

/** A valid product create item; numbers must be unique per test. */
export function productItem(customId: string, extra: Record<string, unknown> = {}): ProductCreateBody['product_list'][number] {
  return {
    category_id: 3,
    name: `Serum ${customId}`,
    custom_id: customId,
    pic: `https://cdn.example.com/p/${customId}.jpg`,
    ...extra,
  } as ProductCreateBody['product_list'][number];
}

export function treatmentItem(customId: string, extra: Record<string, unknown> = {}): TreatmentCreateBody['treatment_list'][number] {
  return {
    name: `Facial ${customId}`,
    custom_id: customId,
    pic: `https://cdn.example.com/t/${customId}.jpg`,
    ...extra,
  } as TreatmentCreateBody['treatment_list'][number];
}

export interface RawAnswer {
  status: number;
  json: { meta: { code: number; msg: string; error: string }; response: Record<string, unknown> };
}

/** A request outside the typed client, for malformed input. */
export async function raw(
  tp: TestPlatform,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  init: { token?: string; merchantId?: string; body?: string; contentType?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = {};
  if (init.token) headers['access-token'] = init.token;
  if (init.merchantId) headers['merchant-id'] = init.merchantId;
  if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
  const res = await request(`${tp.platform.url}${path}`, { method, headers, body: init.body });
  const text = await res.body.text();
  return { status: res.statusCode, json: JSON.parse(text) as RawAnswer['json'] };
}
