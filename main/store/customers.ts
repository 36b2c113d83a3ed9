/** Customer rows: the local profile, consent, and deletion on request (rows and image files). */
import { z } from 'zod';
import { nationalDigits, samePhone, type PhoneNumber } from '../../common/kiosk/phone.ts';
import type { Db } from './database.ts';
import { uuidv7 } from './ids.ts';
import type { CustomerRecord, NewCustomer } from './types.ts';
import { StoreError } from './types.ts';

interface CustomerRow {
  id: string;
  platform_user_id: number | null;
  custom_id: string;
  name: string;
  gender: number;
  birthday: string;
  phone_cc: number;
  phone_number: string;
  email: string;
  agree_clause_ids: string;
  reject_clause_ids: string;
  consent_at: number | null;
  created_at: number;
  updated_at: number;
  synced_at: number | null;
}

const clauseIdsSchema = z.array(z.string());

export function insertCustomer(db: Db, input: NewCustomer, now: number): CustomerRecord {
  const id = uuidv7(now);
  db.prepare(
    `INSERT INTO customers (id, platform_user_id, custom_id, name, gender, birthday, phone_cc, phone_number, email, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, input.platformUserId ?? null, input.customId ?? '', input.name, input.gender ?? 0, input.birthday ?? '', input.phoneCc ?? 0, input.phoneNumber ?? '', input.email ?? '', now, now);
  return getCustomer(db, id)!;
}

/**
 * The local customer with the merchant's customer number (a CRM match registered on an earlier
 * visit); the most recently updated one should earlier versions have made several.
 */
export function findCustomerByCustomId(db: Db, customId: string): CustomerRecord | null {
  if (customId === '') return null;
  const row = db.prepare('SELECT * FROM customers WHERE custom_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1').get(customId) as CustomerRow | undefined;
  return row ? toCustomer(row) : null;
}

/** Replaces the profile fields (the CRM's record read again); consent and sync marks stay. */
export function updateCustomerProfile(db: Db, id: string, input: NewCustomer, now: number): void {
  db.prepare(
    'UPDATE customers SET custom_id = ?, name = ?, gender = ?, birthday = ?, phone_cc = ?, phone_number = ?, email = ?, updated_at = ? WHERE id = ?',
  ).run(input.customId ?? '', input.name, input.gender ?? 0, input.birthday ?? '', input.phoneCc ?? 0, input.phoneNumber ?? '', input.email ?? '', now, id);
}

export function getCustomer(db: Db, id: string): CustomerRecord | null {
  const row = db.prepare('SELECT * FROM customers WHERE id = ?').get(id) as CustomerRow | undefined;
  return row ? toCustomer(row) : null;
}

/**
 * Records the clauses a customer agreed to (merged with earlier ones, as consent is given per
 * session) and those refused; a clause agreed now is no longer counted as refused.
 */
export function recordConsent(db: Db, customerId: string, agreed: readonly string[], refused: readonly string[], now: number): void {
  const customer = getCustomer(db, customerId);
  if (!customer) throw new StoreError('customer_not_found', `no customer ${customerId}`);
  const agree = [...new Set([...customer.agreeClauseIds, ...agreed])].filter((id) => !refused.includes(id));
  const reject = [...new Set([...customer.rejectClauseIds, ...refused])].filter((id) => !agreed.includes(id));
  db.prepare('UPDATE customers SET agree_clause_ids = ?, reject_clause_ids = ?, consent_at = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(agree),
    JSON.stringify(reject),
    now,
    now,
    customerId,
  );
}

/**
 * Customers whose name, phone number, e-mail or merchant number contains the keyword, most
 * recently updated first, one page of them, and how many there are in all.
 */
export function searchCustomers(db: Db, keyword: string, page: { limit: number; offset: number }): { customers: CustomerRecord[]; total: number } {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A number as people type it ("+65 9123 4567", "0065-9123-4567", "9123 4567", "050 123 4567"):
  // its digits, matched within the calling code and national number written together
  // ("6591234567"), which holds the national number alone as well; a trunk 0 is left out on both
  // sides, as common/kiosk/phone.ts compares numbers (D-134).
  const digits = phoneDigitsOf(keyword);
  const byNumber = digits ? " OR (CAST(phone_cc AS TEXT) || CASE WHEN substr(phone_number, 1, 1) = '0' THEN substr(phone_number, 2) ELSE phone_number END) LIKE @digits" : '';
  const where = `name LIKE @like ESCAPE '\\' OR phone_number LIKE @like ESCAPE '\\' OR email LIKE @like ESCAPE '\\' OR custom_id LIKE @like ESCAPE '\\'${byNumber}`;
  const params = { like, ...(digits ? { digits: `%${digits}%` } : {}) };
  const rows = db.prepare(`SELECT * FROM customers WHERE ${where} ORDER BY updated_at DESC, id LIMIT @limit OFFSET @offset`).all({ ...params, ...page }) as CustomerRow[];
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM customers WHERE ${where}`).get(params) as { n: number }).n;
  return { customers: rows.map(toCustomer), total };
}

/**
 * The digits of a keyword written as a phone number (digits, spaces, + - ( ) .; four digits or
 * more): after "+" or "00", the calling code and number; else the national number without its
 * trunk 0 (`nationalDigits` with no calling code to take off). Null for any other keyword.
 */
function phoneDigitsOf(keyword: string): string | null {
  if (!/^[\d\s+\-().]+$/.test(keyword)) return null;
  const digits = nationalDigits(0, keyword);
  return digits.length >= 4 ? digits : null;
}

/**
 * Whether a customer on this kiosk has this mobile number, as `samePhone` compares numbers (rows
 * stored without a calling code, or with the CRM's spelling, match too). Every number is read:
 * a kiosk holds thousands of customers at most, and the spellings defeat an index.
 */
export function hasCustomerWithPhone(db: Db, phone: PhoneNumber): boolean {
  const rows = db.prepare("SELECT phone_cc AS cc, phone_number AS number FROM customers WHERE phone_number <> ''").all() as PhoneNumber[];
  return rows.some((row) => samePhone(row, phone));
}

export interface DeletedCustomerData {
  readonly sessions: number;
  readonly captures: number;
  /** Capture files (relative paths) to remove now that their rows are gone. */
  readonly files: readonly string[];
}

/**
 * Deletes the customer's rows (captures, sessions, customer) in one transaction and returns the
 * files to unlink afterwards. Rows go first: a crash before the unlinks leaves orphan files, which
 * the startup recovery removes, never rows pointing at deleted files.
 */
export function deleteCustomerRows(db: Db, customerId: string): DeletedCustomerData {
  return db
    .transaction(() => {
      if (!getCustomer(db, customerId)) throw new StoreError('customer_not_found', `no customer ${customerId}`);
      const files = (
        db.prepare('SELECT c.file_path FROM captures c JOIN sessions s ON s.id = c.session_id WHERE s.customer_id = ?').all(customerId) as { file_path: string }[]
      ).map((r) => r.file_path);
      const captures = db.prepare('DELETE FROM captures WHERE session_id IN (SELECT id FROM sessions WHERE customer_id = ?)').run(customerId).changes;
      const sessions = db.prepare('DELETE FROM sessions WHERE customer_id = ?').run(customerId).changes;
      db.prepare('DELETE FROM customers WHERE id = ?').run(customerId);
      return { sessions, captures, files };
    })
    .immediate();
}

function toCustomer(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    platformUserId: row.platform_user_id,
    customId: row.custom_id,
    name: row.name,
    gender: row.gender as 0 | 1 | 2,
    birthday: row.birthday,
    phoneCc: row.phone_cc,
    phoneNumber: row.phone_number,
    email: row.email,
    // JSON read back from disk is checked like any other input (STYLE.md: validate at every boundary).
    agreeClauseIds: clauseIdsSchema.parse(JSON.parse(row.agree_clause_ids)),
    rejectClauseIds: clauseIdsSchema.parse(JSON.parse(row.reject_clause_ids)),
    consentAt: row.consent_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    syncedAt: row.synced_at,
  };
}
