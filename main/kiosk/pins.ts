/**
 * Staff and technician PINs (kiosk API verifyPin). Only scrypt hashes are configured
 * (`scrypt$<salt b64>$<hash b64>`, made by hashPin); comparison is constant-time. Lockout after
 * repeated wrong PINs is the transport's, per connection (main/transport/session.ts).
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export type Role = 'staff' | 'technician';

const KEY_LENGTH = 32;
export const pinHashSchema = z.string().regex(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/, 'a PIN hash made by hashPin (scrypt$salt$hash)');

export function hashPin(pin: string, salt: Buffer = randomBytes(16)): string {
  return `scrypt$${salt.toString('base64')}$${scryptSync(pin, salt, KEY_LENGTH).toString('base64')}`;
}

export function pinMatches(pin: string, hash: string): boolean {
  const [, salt, expected] = hash.split('$');
  if (!salt || !expected) return false;
  const want = Buffer.from(expected, 'base64');
  const got = scryptSync(pin, Buffer.from(salt, 'base64'), want.length);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Demo PINs when the configuration sets none (simulated demo units): staff 1234, technician
 * 9876. Diagnostics flag them, so a shop unit is not left with them.
 */
export const DEMO_PINS: Readonly<Record<Role, string>> = { staff: '1234', technician: '9876' };
