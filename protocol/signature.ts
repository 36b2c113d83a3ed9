import { md5Hex } from '../common/md5.ts';

/**
 * The pull signature (specification: Authentication, step 5): every used parameter but sig,
 * sorted by name in ASCII order, joined as name=value with &, app_secret appended without a
 * separator, MD5 in lower-case hex. Decision D-010 applies the same algorithm to the body
 * fields of push calls and the query of CRM calls, which the specification leaves open.
 */
export type SignableValue = string | number | boolean;

export function signatureBase(params: Readonly<Record<string, SignableValue | undefined>>, secret: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sig' && params[name] !== undefined)
    // ASCII dictionary order: compare UTF-16 code units, not locale collation.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((name) => `${name}=${String(params[name])}`).join('&') + secret;
}

export function sign(params: Readonly<Record<string, SignableValue | undefined>>, secret: string): string {
  return md5Hex(signatureBase(params, secret));
}

/** Compared case-insensitively, in constant time over equal-length hex strings. */
export function verifySignature(
  params: Readonly<Record<string, SignableValue | undefined>>,
  secret: string,
  sig: string,
): boolean {
  const expected = sign(params, secret);
  const given = sig.toLowerCase();
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
