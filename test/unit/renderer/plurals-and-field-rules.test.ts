/**
 * Issue 16 item 10 (D-048, D-049): counts are said with each language's plural rules ("1 earlier
 * session", never "1 earlier sessions"; Arabic's six forms; Chinese's one), and a refused
 * registration field is said with the rule it broke, the same rule whether the form or main's
 * contract refused it.
 */
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueKeys as keys, rendererTranslator } from '../../helpers/renderer-i18n.ts';
import { brokenRules, CUSTOMER_FIELDS, localDay, ruleOf, ruleOfField } from '../../../common/kiosk/customer-rules.ts';
import { birthdayOf, NO_BIRTHDAY, partOrder } from '../../../renderer/lib/birthday-parts.ts';
import { customerInputOfCrm } from '../../../renderer/lib/crm-customer.ts';
import { nationalDigits, samePhone } from '../../../common/kiosk/phone.ts';
import { customerSchema, kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { ar } from '../../../renderer/i18n/ar.ts';
import { en } from '../../../renderer/i18n/en.ts';
import { zhHans } from '../../../renderer/i18n/zh-Hans.ts';

let t: (lang: LanguageCode) => TFunction;
beforeAll(async () => {
  t = await rendererTranslator();
});

describe('plurals', () => {
  it('says one earlier session in the singular and more in the plural, in English', () => {
    expect(t('en')('customer.repeatVisit', { count: 1 })).toBe('Welcome back. We will compare with your earlier session.');
    expect(t('en')('customer.repeatVisit', { count: 3 })).toBe('Welcome back. We will compare with your 3 earlier sessions.');
    expect(t('en')('technician.diagnostics.someFailed', { count: 1 })).toBe('1 check failed');
    expect(t('en')('technician.diagnostics.someFailed', { count: 2 })).toBe('2 checks failed');
    expect(t('en')('search.sessions', { count: 1 })).toBe('1 session');
  });

  it('uses Chinese’s one form for every count, also for Traditional Chinese through its fallback', () => {
    expect(t('zh-Hans')('customer.repeatVisit', { count: 1 })).toBe('欢迎回来。我们会与您之前的 1 次检测进行对比。');
    expect(t('zh-Hans')('customer.repeatVisit', { count: 5 })).toBe('欢迎回来。我们会与您之前的 5 次检测进行对比。');
    expect(t('zh-Hant')('customer.repeatVisit', { count: 1 })).toBe('欢迎回来。我们会与您之前的 1 次检测进行对比。');
  });

  it('uses Arabic’s own forms: one, two, few, many', () => {
    const said = [1, 2, 3, 11, 100].map((count) => t('ar')('customer.repeatVisit', { count }));
    expect(said[0]).toBe(ar.customer?.repeatVisit_one);
    expect(said[1]).toBe(ar.customer?.repeatVisit_two);
    expect(said[2]).toContain('3');
    expect(said[3]).toContain('11');
    expect(new Set(said.slice(0, 3)).size).toBe(3);
    // The marked photo's legend counts in Arabic too (D-069), not English's fallback.
    expect([1, 2, 3, 11].map((count) => t('ar')('results.legend.spot', { count }))).toEqual([
      ar.results?.legend?.spot_one,
      ar.results?.legend?.spot_two,
      '3 بقع محاطة بدائرة',
      '11 بقعة محاطة بدائرة',
    ]);
    // Operator texts Arabic does not carry fall back to English with English's plural rule.
    expect(t('ar')('technician.diagnostics.someFailed', { count: 1 })).toBe('1 check failed');
  });

  it('gives every count of the English catalogue its forms in the complete catalogues, and no count without `_other`', () => {
    const english = keys(en);
    const plural = english.filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -4));
    expect(plural.length).toBeGreaterThanOrEqual(5);
    for (const base of plural) {
      expect(english, base).toContain(`${base}_other`);
      expect(keys(zhHans), base).toContain(`${base}_other`);
    }
    for (const key of keys(ar).filter((k) => /_(zero|one|two|few|many)$/.test(k))) expect(keys(ar), key).toContain(key.replace(/_\w+$/, '_other'));
  });
});

describe('refused registration fields', () => {
  const valid = { name: 'Mei Tan', phoneCc: '65', phoneNumber: '91234567', email: 'mei@example.com', birthday: '' };
  const contract = kioskApiContract.registerCustomer.input;
  const refusedField = (customer: Record<string, unknown>) => {
    const parsed = contract.safeParse({ customer, agreedClauseIds: [], rejectedClauseIds: [] });
    return parsed.success ? null : parsed.error.issues[0]!.path.map(String).join('.');
  };

  it('finds the same broken rule the form checks and main’s contract refuses', () => {
    const cases: [Partial<typeof valid>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ phoneCc: '0' }, 'phoneCc'],
      [{ phoneNumber: '123' }, 'phoneNumber'],
      [{ email: 'mei@example' }, 'email'],
      // A date of birth the calendar has, from 1900, not in the future (D-130).
      [{ birthday: '1990-04-31' }, 'birthday'],
      [{ birthday: '2023-02-29' }, 'birthday'],
      [{ birthday: '1899-12-31' }, 'birthday'],
      [{ birthday: `${new Date().getFullYear() + 1}-01-01` }, 'birthday'],
      [{ birthday: localDay(new Date(Date.now() + 24 * 3600 * 1000)) }, 'birthday'],
      [{ birthday: '1990-5-17' }, 'birthday'],
    ];
    // A customer stored before the rule with a day it refuses is still listed (main's output schema).
    expect(customerSchema.shape.birthday.safeParse('1990-04-31').success).toBe(true);
    for (const birthday of ['1990-05-17', '2024-02-29', '1900-01-01', localDay()]) {
      expect(brokenRules({ ...valid, birthday }), birthday).toEqual([]);
      expect(refusedField({ ...valid, birthday, phoneCc: 65 }), birthday).toBeNull();
    }
    expect(brokenRules(valid)).toEqual([]);
    expect(refusedField({ ...valid, phoneCc: 65 })).toBeNull();
    for (const [patch, field] of cases) {
      const values = { ...valid, ...patch };
      expect(brokenRules(values).map((r) => r.field), field).toEqual([field]);
      const path = refusedField({ ...values, phoneCc: Number(values.phoneCc) });
      expect(path, field).toBe(`customer.${field}`);
      expect(ruleOfField(path ?? undefined)?.field).toBe(field);
    }
    expect(ruleOfField('sessionId')).toBeNull();
  });

  it('writes the date of birth from its three boxes: empty when all are, refused when one is left out', () => {
    expect(birthdayOf(NO_BIRTHDAY)).toBe('');
    expect(birthdayOf({ day: '7', month: '5', year: '1990' })).toBe('1990-05-07');
    for (const parts of [{ day: '', month: '05', year: '1990' }, { day: '17', month: '', year: '1990' }, { day: '17', month: '05', year: '' }, { day: '17', month: '05', year: '90' }]) {
      expect(brokenRules({ ...valid, birthday: birthdayOf(parts) }).map((r) => r.field), JSON.stringify(parts)).toEqual(['birthday']);
    }
    expect(partOrder('zh-Hans')).toEqual(['year', 'month', 'day']);
    expect(partOrder('en')).toEqual(['day', 'month', 'year']);
    expect(partOrder('ar')).toEqual(['day', 'month', 'year']);
    expect(t('en')('customer.rule.birthday', ruleOf('birthday').params)).toBe('Date of birth: enter the day, month and year (from 1900, not a future day), or leave all three empty');
  });

  it('registers a CRM customer with what the rules take: the CRM\'s data never fails the registration', () => {
    const crm = { customId: 'C77', name: `  ${'N'.repeat(70)}  `, gender: 5, birthday: '2999-01-01', phoneCc: 65, phoneNumber: '+65 9123-4567', email: 'not-an-address' };
    const input = customerInputOfCrm(crm);
    expect(input).toEqual({ customId: 'C77', name: 'N'.repeat(60), gender: 0, birthday: '', phoneCc: 65, phoneNumber: '91234567', email: '' });
    expect(refusedField(input)).toBeNull();
    expect(customerInputOfCrm({ ...crm, name: 'Mei', gender: 2, birthday: '1990-05-17', phoneCc: 0, email: 'mei@example.com' })).toMatchObject({ name: 'Mei', gender: 2, birthday: '1990-05-17', phoneCc: 65, phoneNumber: '', email: 'mei@example.com' });
  });

  it('compares mobile numbers as the same number however a CRM writes them (D-131)', () => {
    const typed = { cc: 65, number: '91234567' };
    for (const number of ['91234567', '+65 9123 4567', '+65-9123-4567', '0065 9123 4567', '(0) 9123 4567']) expect(samePhone({ cc: 65, number }, typed), number).toBe(true);
    // A row stored before the calling code was required matches on its digits.
    expect(samePhone({ cc: 0, number: '91234567' }, typed)).toBe(true);
    expect(samePhone({ cc: 60, number: '91234567' }, typed)).toBe(false);
    expect(samePhone({ cc: 65, number: '91234568' }, typed)).toBe(false);
    // A national number that begins with its calling code's digits keeps them (no "+").
    expect(nationalDigits(65, '65123456')).toBe('65123456');
    expect(nationalDigits(44, '07700 900123')).toBe('7700900123');
    expect(nationalDigits(44, '+44 7700 900123')).toBe('7700900123');
    expect(samePhone({ cc: 65, number: '123' }, { cc: 65, number: '123' }), 'too short to say').toBe(false);
  });

  it('says the rule with its limits in English, Chinese and Arabic', () => {
    const [name] = brokenRules({ ...valid, name: '' });
    expect(t('en')(`customer.rule.${name!.field}`, name!.params)).toBe('Name: enter 1 to 60 characters');
    expect(t('zh-Hans')(`customer.rule.${name!.field}`, name!.params)).toBe('姓名：请输入 1 至 60 个字符');
    expect(t('ar')(`customer.rule.${name!.field}`, name!.params)).toBe('الاسم: أدخل من 1 إلى 60 حرفًا');
    for (const field of CUSTOMER_FIELDS) {
      for (const lang of ['en', 'zh-Hans', 'ar'] as const) expect(t(lang)(`customer.rule.${field}`, { min: 1, max: 9 }), `${lang} ${field}`).not.toContain('customer.rule');
    }
  });
});
