import { isPlainObject } from './task-util.ts';

/**
 * The rules of a task's `metadata` (and its compatibility field `custom`), decision D-018: at
 * most a byte limit of JSON, and no key that names a secret. Both walk the value with an explicit
 * stack: the value comes straight from a request body, nested as deep as its sender likes, and a
 * recursive walk (JSON.stringify included) overflows the call stack at a few thousand levels.
 */

const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** JSON.stringify leaves these out of objects and writes them as null in arrays. */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * Whether JSON.stringify(value) would be longer than maxBytes in UTF-8, for values parsed from
 * JSON. Stops as soon as the limit is passed, so a deep or huge value costs no more than the limit.
 */
export function jsonExceeds(value: unknown, maxBytes: number): boolean {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      total += 2 + Math.max(0, item.length - 1);
      if (total > maxBytes) return true;
      for (const element of item) stack.push(isOmitted(element) ? null : element);
    } else if (isPlainObject(item)) {
      let members = 0;
      for (const [key, inner] of Object.entries(item)) {
        if (isOmitted(inner)) continue;
        total += (members > 0 ? 1 : 0) + utf8Length(JSON.stringify(key)) + 1;
        if (total > maxBytes) return true;
        members += 1;
        stack.push(inner);
      }
      total += 2;
    } else if (typeof item === 'string') {
      total += utf8Length(JSON.stringify(item));
    } else if (typeof item === 'number') {
      total += Number.isFinite(item) ? String(item).length : 4;
    } else if (typeof item === 'boolean') {
      total += item ? 4 : 5;
    } else {
      total += 4; // null
    }
    if (total > maxBytes) return true;
  }
  return false;
}

/** Words that name a secret on their own (compared in lower case, a plural 's' removed). */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'secret', 'token', 'credential',
  // Joined forms written without a case or separator boundary.
  'apikey', 'accesskey', 'privatekey', 'secretkey', 'accesstoken', 'authtoken', 'clientsecret', 'userpassword',
]);

/** Two words that name a secret together: api_key, accessKey, PRIVATE-KEY, pass_word. */
const SECRET_PAIRS: readonly (readonly [string, string])[] = [
  ['api', 'key'],
  ['access', 'key'],
  ['private', 'key'],
  ['pass', 'word'],
  ['pass', 'phrase'],
];

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * The words of a key: split at `_`, `-`, `.`, spaces and any other non-alphanumeric character,
 * at camelCase boundaries (userPassword, APIKey) and between letters and digits (secret2).
 */
export function keyWords(key: string): string[] {
  return key
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => singular(word.toLowerCase()));
}

/** Whether a metadata key names a secret: one of its whole words, or two in a row, is a secret's name. */
export function namesSecret(key: string): boolean {
  const words = keyWords(key);
  return words.some((word, i) => SECRET_WORDS.has(word) || SECRET_PAIRS.some(([first, second]) => word === first && words[i + 1] === second));
}

/** The path of a key that names a secret, at any depth (an object's own keys before the values they hold), or null. */
export function secretKeyPath(value: unknown, path: string): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    const children: [unknown, string][] = [];
    if (Array.isArray(item)) {
      item.forEach((inner, i) => children.push([inner, `${at}.${i}`]));
    } else if (isPlainObject(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (namesSecret(key)) return `${at}.${key}`;
        children.push([inner, `${at}.${key}`]);
      }
    }
    // Pushed in reverse so they are visited in order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
