import { createHash, timingSafeEqual } from 'node:crypto';
import { signatureBase, type SignableParams } from '../../protocol/signature.ts';

/** The specified signature of params: MD5 of protocol's signed string, lower-case hex. */
export function sign(params: SignableParams, secret: string): string {
  return createHash('md5').update(signatureBase(params, secret), 'utf8').digest('hex');
}

/** Compared case-insensitively, in constant time over equal-length hex strings. */
export function verifySignature(params: SignableParams, secret: string, sig: string): boolean {
  const expected = Buffer.from(sign(params, secret));
  const given = Buffer.from(sig.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
