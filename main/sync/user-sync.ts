/**
 * Registers a customer with the platform (POST /device_api/users, R-014). The kiosk's customer id
 * is the client_user_id; the revision goes up whenever the content sent would change (an edit, a
 * consent given later), and the content of each revision is pinned by its hash before it is sent,
 * so a retry after a crash sends exactly the same request and never makes a second customer.
 */
import { createHash } from 'node:crypto';
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { DeviceUserRequest } from '../../protocol/device-sync/users.ts';
import { CLAUSE_ID_PATTERN, MAX_CLAUSES } from '../../protocol/report-data/consent.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import { PlatformError } from '../platform-client/errors.ts';
import type { Db } from '../store/database.ts';
import type { CustomerRecord } from '../store/types.ts';
import type { SyncTarget, SyncWaiting } from './types.ts';

export interface UserSyncRow {
  readonly customer_id: string;
  readonly revision: number;
  readonly body_hash: string | null;
  readonly synced_revision: number | null;
  readonly consented: number | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly waiting: SyncWaiting | null;
  readonly attempts: number;
  readonly next_attempt_at: number;
}

export type UserBody = Omit<DeviceUserRequest, 'revision'>;

/** The user item the platform gets for a local customer (D-022 meanings are the kiosk's too). */
export function userBody(customer: CustomerRecord, target: SyncTarget): UserBody {
  const clauses = (ids: readonly string[]) => ids.filter((id) => CLAUSE_ID_PATTERN.test(id)).slice(0, MAX_CLAUSES);
  return {
    client_user_id: customer.id,
    store_custom_id: target.storeCustomId,
    account_id: target.accountId,
    custom_id: customer.customId,
    name: customer.name.slice(0, 100),
    gender: customer.gender,
    // decision D-041: an unknown birthday is left out (the local store keeps it as '').
    ...(customer.birthday === '' ? {} : { birthday: customer.birthday }),
    phone_cc: customer.phoneCc,
    phone_number: customer.phoneNumber,
    email: customer.email,
    agree_clause_ids: clauses(customer.agreeClauseIds),
    reject_clause_ids: clauses(customer.rejectClauseIds),
    created_at: Math.floor(customer.createdAt / 1000),
  };
}

export function getUserSync(db: Db, customerId: string): UserSyncRow | null {
  return (db.prepare('SELECT * FROM user_sync WHERE customer_id = ?').get(customerId) as UserSyncRow | undefined) ?? null;
}

/**
 * Pins the customer's current content to a revision (a new one when it changed) and marks the
 * row due. Local only; returns the row as it now stands.
 */
export function stageUser(db: Db, body: UserBody, now: number): UserSyncRow {
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  return db
    .transaction(() => {
      const row = getUserSync(db, body.client_user_id);
      if (!row) {
        db.prepare('INSERT INTO user_sync (customer_id, revision, body_hash, next_attempt_at, updated_at) VALUES (?, 0, ?, ?, ?)').run(body.client_user_id, hash, now, now);
      } else if (row.body_hash !== hash) {
        // A revision the platform may have seen keeps its content: new content gets the next number.
        db.prepare('UPDATE user_sync SET revision = revision + 1, body_hash = ?, attempts = 0, next_attempt_at = ?, updated_at = ? WHERE customer_id = ?').run(hash, now, now, body.client_user_id);
      }
      return getUserSync(db, body.client_user_id)!;
    })
    .immediate();
}

export function userPending(row: UserSyncRow): boolean {
  return row.synced_revision !== row.revision;
}

/** Sends the pinned revision; records what the platform holds. */
export async function pushUser(db: Db, client: PlatformClient, body: UserBody, row: UserSyncRow, now: () => number): Promise<void> {
  let revision = row.revision;
  for (let tries = 0; ; tries++) {
    try {
      const answer = await client.call(deviceSyncEndpoints.syncUser, { body: { ...body, revision } });
      if (answer.revision > revision && tries === 0) {
        // The platform holds a newer revision (this kiosk's database was restored, or another
        // kiosk edited the customer): ours must come after it to count.
        revision = answer.revision + 1;
        db.prepare('UPDATE user_sync SET revision = ? WHERE customer_id = ?').run(revision, body.client_user_id);
        continue;
      }
      db.transaction(() => {
        db.prepare(
          'UPDATE user_sync SET synced_revision = ?, consented = ?, error_code = NULL, error_message = NULL, waiting = NULL, attempts = 0, updated_at = ? WHERE customer_id = ? AND revision = ?',
        ).run(revision, answer.consented ? 1 : 0, now(), body.client_user_id, revision);
        db.prepare('UPDATE customers SET platform_user_id = ?, synced_at = ? WHERE id = ?').run(answer.user.id, now(), body.client_user_id);
      }).immediate();
      return;
    } catch (error) {
      // 46201: this revision number was used with other content (state lost locally): take the next.
      if (error instanceof PlatformError && error.code === DeviceSyncCodes.CLIENT_ID_CONFLICT.code && tries === 0) {
        revision += 1;
        db.prepare('UPDATE user_sync SET revision = ? WHERE customer_id = ?').run(revision, body.client_user_id);
        continue;
      }
      throw error;
    }
  }
}

export function recordUserFailure(db: Db, customerId: string, patch: { errorCode: string | null; errorMessage: string | null; waiting: SyncWaiting | null; attempts: number; nextAttemptAt: number }, now: number): void {
  db.prepare('UPDATE user_sync SET error_code = ?, error_message = ?, waiting = ?, attempts = ?, next_attempt_at = ?, updated_at = ? WHERE customer_id = ?').run(
    patch.errorCode,
    patch.errorMessage,
    patch.waiting,
    patch.attempts,
    patch.nextAttemptAt,
    now,
    customerId,
  );
}

/** The oldest customer registration that is due. */
export function nextDueUser(db: Db, now: number): UserSyncRow | null {
  return (
    (db.prepare('SELECT * FROM user_sync WHERE synced_revision IS NOT revision AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT 1').get(now) as UserSyncRow | undefined) ?? null
  );
}

export function earliestUserDue(db: Db): number | null {
  return (db.prepare('SELECT MIN(next_attempt_at) AS at FROM user_sync WHERE synced_revision IS NOT revision').get() as { at: number | null }).at;
}

/** Customers never staged for registration (a crash right after they were created). */
export function customersMissingSync(db: Db): string[] {
  return (db.prepare('SELECT id FROM customers WHERE synced_at IS NULL AND id NOT IN (SELECT customer_id FROM user_sync) ORDER BY created_at').all() as { id: string }[]).map((r) => r.id);
}
