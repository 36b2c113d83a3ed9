import { randomBytes } from 'node:crypto';

/** A new app's public id: 64 random bits, prefixed so it reads as what it is. */
export function newAppId(): string {
  return `app_${randomBytes(8).toString('hex')}`;
}

/** A new app's secret: 192 random bits, URL-safe (it travels in a query string). */
export function newAppSecret(): string {
  return randomBytes(24).toString('base64url');
}
