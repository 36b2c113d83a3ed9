import { describe, expect, it } from 'vitest';
import { jsonExceeds, keyWords, namesSecret, secretKeyPath } from '../../../protocol/skin-api/metadata-rules.ts';

const utf8 = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

describe('metadata size without recursion (D-018)', () => {
  const samples: unknown[] = [
    {},
    { a: 1, b: [true, false, null], c: 'x' },
    { visit: 'A12', n: [1.5, -0, 1e21, 2e-7], nested: { deep: [[[]], {}], é: 'ünïcödé 漢字 😀', quote: '"\\\n\t\u0001' } },
    [1, [2, [3, [4]]]],
    'text',
  ];

  it.each(samples.map((value) => [JSON.stringify(value).slice(0, 40), value]))('agrees with JSON.stringify at the exact limit: %s', (_, value) => {
    const bytes = utf8(value);
    expect(jsonExceeds(value, bytes)).toBe(false);
    expect(jsonExceeds(value, bytes - 1)).toBe(true);
  });

  it('leaves out undefined members as JSON.stringify does', () => {
    const value = { a: undefined, b: 1, c: [undefined] };
    expect(jsonExceeds(value, utf8(value))).toBe(false);
    expect(jsonExceeds(value, utf8(value) - 1)).toBe(true);
  });

  it('answers a value nested a million levels deep without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = i % 2 ? [deep] : { a: deep };
    expect(jsonExceeds(deep, 4096)).toBe(true);
    expect(secretKeyPath(deep, 'metadata')).toBeNull();
  });
});

describe('keys that name a secret are whole words (D-018)', () => {
  it('splits keys at separators, camelCase and digits', () => {
    expect(keyWords('userPassword')).toEqual(['user', 'password']);
    expect(keyWords('APIKey')).toEqual(['api', 'key']);
    expect(keyWords('x-auth.token 2')).toEqual(['x', 'auth', 'token', '2']);
    expect(keyWords('oauth2Tokens')).toEqual(['oauth', '2', 'token']);
    expect(keyWords('compass_heading')).toEqual(['compass', 'heading']);
  });

  it('refuses names of secrets and accepts words that only contain their letters', () => {
    for (const key of ['password', 'client_secret', 'apiKey', 'ACCESS_KEY', 'privateKey', 'api_tokens', 'pwd', 'pass_word', 'Credentials']) expect(namesSecret(key), key).toBe(true);
    for (const key of ['compass_heading', 'tokenizer_version', 'passport_photo', 'bypass', 'secretary', 'keyboard', 'api_version', 'pass_rate']) expect(namesSecret(key), key).toBe(false);
  });

  it('names the path of the key found, inside arrays and objects', () => {
    expect(secretKeyPath({ a: [{ ok: 1 }, { b: { sessionToken: 'x' } }] }, 'metadata')).toBe('metadata.a.1.b.sessionToken');
  });
});
