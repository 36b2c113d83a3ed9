import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Codes } from '../../../protocol/codes.ts';
import { checkBody, isMissing, requiredKeys, rule, runRules } from '../../../protocol/open-api/validation.ts';

/** The mechanism of decision D-040: required-ness comes from the schema; field rules judge values that are there. */
describe('field rules and required fields (D-040)', () => {
  const isDigits = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v);
  const schema = z
    .object({ number: z.string(), name: z.string().optional(), count: z.number().default(1), label: z.string() })
    .superRefine(() => undefined)
    .transform((v) => v);
  const rules = [
    rule('number', Codes.STORE_NUMBER_FORMAT, isDigits),
    rule('name', Codes.STORE_NAME_TOO_LONG, (v) => typeof v === 'string' && v.length <= 3),
    rule('label', Codes.PRODUCT_NAME_MISSING, (v) => v !== 'bad', Codes.PRODUCT_NAME_MISSING),
  ];
  const valid = { number: '12', name: 'abc', label: 'x' };
  const code = (raw: unknown) => {
    const result = checkBody(schema, rules, raw);
    return result.ok ? 0 : result.failure.code.code;
  };

  it('missing is an absent key, null, or a string of blanks', () => {
    expect([undefined, null, '', '  \t'].map(isMissing)).toEqual([true, true, true, true]);
    expect(['0', 0, false, [], {}].map(isMissing)).toEqual([false, false, false, false, false]);
  });

  it('reads the required keys from the schema, through refinements and transforms', () => {
    expect([...requiredKeys(schema)].sort()).toEqual(['label', 'number']);
    expect(requiredKeys(z.string()).size).toBe(0);
  });

  it('answers a missing required field with 400, or the code its rule names for that case', () => {
    expect(code(valid)).toBe(0);
    for (const value of [undefined, null, '', ' ']) {
      expect(code({ ...valid, number: value })).toBe(400);
      expect(code({ ...valid, label: value })).toBe(Codes.PRODUCT_NAME_MISSING.code);
    }
  });

  it('judges a present value by its rule, also an empty one where the field is not required', () => {
    expect(code({ ...valid, number: 'x1' })).toBe(Codes.STORE_NUMBER_FORMAT.code);
    expect(code({ ...valid, name: 'abcd' })).toBe(Codes.STORE_NAME_TOO_LONG.code);
    expect(code({ ...valid, name: '' })).toBe(0);
    expect(code({ ...valid, name: undefined })).toBe(0);
    // null is no value of any field: the schema refuses it (D-014).
    expect(code({ ...valid, name: null })).toBe(400);
  });

  it('names the missing field with its prefix', () => {
    const broken = runRules(rules, { label: 'x' }, 'list.2', requiredKeys(schema));
    expect(broken).toMatchObject({ code: Codes.INVALID_PARAM, field: 'list.2.number' });
  });
});
