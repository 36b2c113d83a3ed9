import { z } from 'zod';
import type { LanguageCode } from './languages.ts';

/**
 * Price units (specification: Price unit identifiers). The complete list has 109 entries, ids 0
 * to 108, of which the specification shows 0 to 14 with their symbols. decision (D-012): every id
 * of the complete list is accepted; a unit whose symbol is not shown is stored and answered as
 * given, with an empty price_symbol.
 */
export const PRICE_UNIT_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] as const;
/** A unit whose symbol the specification shows. */
export type PriceUnitId = (typeof PRICE_UNIT_IDS)[number];

/** The size of the complete list, of which entries 15 and above are not shown. */
export const PRICE_UNIT_COUNT_IN_FULL_LIST = 109;

/** Any id of the complete list, shown or not. */
export const priceUnitIdSchema = z.number().int().min(0).max(PRICE_UNIT_COUNT_IN_FULL_LIST - 1);

/** decision: a product created without price_unit is priced in CNY (id 0), the first entry. */
export const DEFAULT_PRICE_UNIT: PriceUnitId = 0;

export interface PriceUnitInfo {
  readonly id: PriceUnitId;
  readonly symbol: string;
  /** ISO 4217 currency code. */
  readonly code: string;
}

function unit(id: PriceUnitId, symbol: string, code: string): PriceUnitInfo {
  return { id, symbol, code };
}

export const PRICE_UNITS: Readonly<Record<PriceUnitId, PriceUnitInfo>> = {
  0: unit(0, '¥', 'CNY'),
  1: unit(1, '¥', 'JPY'),
  2: unit(2, '$', 'USD'),
  3: unit(3, '€', 'EUR'),
  4: unit(4, '£', 'GBP'),
  5: unit(5, '₩', 'KRW'),
  6: unit(6, 'HK$', 'HKD'),
  7: unit(7, 'MOP$', 'MOP'),
  8: unit(8, 'NT$', 'TWD'),
  9: unit(9, '฿', 'THB'),
  10: unit(10, '₫', 'VND'),
  11: unit(11, '$', 'SGD'),
  12: unit(12, 'RM', 'MYR'),
  13: unit(13, '₹', 'INR'),
  14: unit(14, 'A$', 'AUD'),
};

export function isPriceUnitId(value: unknown): value is PriceUnitId {
  return typeof value === 'number' && (PRICE_UNIT_IDS as readonly number[]).includes(value);
}

/** price_symbol of a product list item: '' for a unit whose symbol is not shown. */
export function priceSymbol(id: number): string {
  return isPriceUnitId(id) ? PRICE_UNITS[id].symbol : '';
}

/**
 * A price with its currency symbol. The symbol comes from the report (price_symbol); when it is
 * empty the protocol's table for price_unit supplies it. Decimals follow the currency: none for
 * yen, won, dong, two otherwise.
 */
export function formatPrice(price: number, priceUnit: number, symbol: string, lang: LanguageCode): string {
  const info = isPriceUnitId(priceUnit) ? PRICE_UNITS[priceUnit] : undefined;
  const sign = symbol || info?.symbol || '';
  const noDecimals = info !== undefined && ['JPY', 'KRW', 'VND'].includes(info.code);
  const number = new Intl.NumberFormat(lang, {
    minimumFractionDigits: noDecimals || Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: noDecimals ? 0 : 2,
  }).format(price);
  return `${sign}${number}`;
}
