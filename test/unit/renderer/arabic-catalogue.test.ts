/**
 * D-118: an Arabic customer sees every screen of their session in Arabic. Every text a customer
 * can see (the sections below) is in the Arabic catalogue with the English placeholders, a count
 * in all six of Arabic's plural forms (D-049), and is not left English; staff and technician
 * texts are English on purpose. Each English key is in exactly one of the two lists, so a new
 * English section needs a decision here.
 */
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueKeys, rendererTranslator } from '../../helpers/renderer-i18n.ts';
import { uiMessage } from '../../../main/kiosk-api/messages.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { ar } from '../../../renderer/i18n/ar.ts';
import { en } from '../../../renderer/i18n/en.ts';
import { translateMessage } from '../../../renderer/i18n/main-messages.ts';

/** What a customer sees: the customer screens, the results, and main's sentences on the processing screen. */
const CUSTOMER_FACING = [
  'common',
  'callError.customer',
  'callError.detail',
  'status',
  'idle',
  'consent',
  'customer',
  'capture',
  'review',
  'processing',
  'results',
  'idleWarning',
  'discard',
  'keyboard',
  'main.sync',
  'main.failure',
];
/** Staff and technician screens (and dialogs staff open behind their PIN): English by fallback. */
const STAFF_ONLY = ['callError.operator', 'search', 'pin', 'staff', 'technician', 'main.crm', 'main.light', 'main.calibration', 'main.pitch', 'main.diag'];
/** Texts that are the same in every language: a dash for "nothing". */
const SAME_AS_ENGLISH = new Set(['common.none']);

/** Arabic's plural forms (Intl.PluralRules('ar')), and a count that picks each. */
const ARABIC_FORMS = { zero: 0, one: 1, two: 2, few: 3, many: 11, other: 100 } as const;
const WORDED_FORMS = new Set(['zero', 'one', 'two']);

const under = (key: string, paths: readonly string[]) => paths.some((p) => key === p || key.startsWith(`${p}.`));
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!));
function leaf(catalogue: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  return typeof value === 'string' ? value : undefined;
}

const englishKeys = catalogueKeys(en);
const customerKeys = englishKeys.filter((k) => under(k, CUSTOMER_FACING));
/** The English keys a customer sees, a count's `_one`/`_other` pair as one base key. */
const singles = customerKeys.filter((k) => !/_(one|other)$/.test(k));
const counts = [...new Set(customerKeys.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)))];

let t: (lang: LanguageCode) => TFunction;
beforeAll(async () => {
  t = await rendererTranslator();
});

describe('the Arabic catalogue', () => {
  it('sorts every English key into customer-facing or staff-only, and covers the customer-facing ones', () => {
    for (const key of englishKeys) expect(Number(under(key, CUSTOMER_FACING)) + Number(under(key, STAFF_ONLY)), key).toBe(1);
    expect(customerKeys.length).toBeGreaterThan(300);
    expect(counts.length).toBeGreaterThanOrEqual(6);
    const missing = [...singles, ...counts.flatMap((base) => Object.keys(ARABIC_FORMS).map((form) => `${base}_${form}`))].filter((k) => leaf(ar, k) === undefined);
    expect(missing).toEqual([]);
  });

  it('has no key English does not have', () => {
    const stray = catalogueKeys(ar).filter((k) => {
      const base = k.replace(/_(zero|one|two|few|many|other)$/, '');
      return !englishKeys.includes(k) && !englishKeys.includes(`${base}_other`);
    });
    expect(stray).toEqual([]);
  });

  it('keeps every English placeholder; only one, two or none may be said in words instead of {{count}}', () => {
    for (const key of singles) expect(placeholders(leaf(ar, key) ?? ''), key).toEqual(placeholders(leaf(en, key)!));
    for (const base of counts) {
      const english = placeholders(leaf(en, `${base}_other`)!);
      for (const form of Object.keys(ARABIC_FORMS)) {
        const arabic = placeholders(leaf(ar, `${base}_${form}`) ?? '');
        const expected = WORDED_FORMS.has(form) && !arabic.has('count') ? new Set([...english].filter((p) => p !== 'count')) : english;
        expect(arabic, `${base}_${form}`).toEqual(expected);
      }
    }
  });

  it('shows a customer every text in Arabic, every count form included, not in English', () => {
    const params = (text: string) => Object.fromEntries([...placeholders(text)].map((p) => [p, `«${p}»`]));
    const leftEnglish: string[] = [];
    for (const key of singles) {
      const values = params(leaf(en, key)!);
      const arabic = t('ar')(key, values);
      if (arabic === t('en')(key, values) && !SAME_AS_ENGLISH.has(key)) leftEnglish.push(key);
      for (const value of Object.values(values)) expect(arabic, key).toContain(value);
      expect(arabic, key).not.toMatch(/\{\{|^[\w.]+$/);
    }
    for (const base of counts) {
      const values = params(leaf(en, `${base}_other`)!);
      const said = Object.entries(ARABIC_FORMS).map(([form, count]) => {
        const arabic = t('ar')(base, { ...values, count });
        expect(arabic, `${base} ${count}`).toBe(t('ar')(`${base}_${form}`, { ...values, count }));
        if (arabic === t('en')(base, { ...values, count })) leftEnglish.push(`${base}_${form}`);
        return arabic;
      });
      expect(new Set(said).size, base).toBeGreaterThanOrEqual(3);
    }
    expect(leftEnglish).toEqual([]);
  });

  it('says main’s progress and failure sentences in Arabic on the processing screen, and staff-only ones in English', () => {
    const say = (m: ReturnType<typeof uiMessage>) => translateMessage(t('ar'), 'ar', m);
    expect(say(uiMessage('sync.uploading', { done: 2, total: 15 }))).toBe('جارٍ رفع الصور (2 من 15).');
    expect(say(uiMessage('failure.no_face'))).toBe('لم يجد التحليل وجهًا في الصور (45103): التقطها من جديد.');
    expect(say(uiMessage('diag.not_open'))).toBe(en.main.diag.not_open);
    expect(t('ar')('technician.diagnostics.someFailed', { count: 2 })).toBe('2 checks failed');
  });
});
