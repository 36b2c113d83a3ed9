import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadMethod } from '../../protocol/skin-api/upload-policy.ts';

/**
 * Upload addresses are signed with the instance key: HMAC-SHA256 over method, resource key and
 * expiry. Changing any of them (or the signature) makes the address worthless.
 */
export function signUpload(key: Buffer, method: UploadMethod, resourceKey: string, expires: number): string {
  return createHmac('sha256', key).update(`${method}\n${resourceKey}\n${expires}`).digest('base64url');
}

export function verifyUploadSignature(key: Buffer, method: UploadMethod, resourceKey: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(signUpload(key, method, resourceKey, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
