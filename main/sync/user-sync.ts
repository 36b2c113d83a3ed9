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
import { firstChars } from '../../protocol/open-api/formats.ts';
import { CLAUSE_ID_PATTERN, MAX_CLAUSES } from '../../protocol/report-data/consent.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import { PlatformError } from '../platform-client/errors.ts';
import type { CustomerRecord } from '../store/types.ts';
import type { UserSyncRepository, UserSyncRow } from '../store/user-sync.ts';
import type { SyncTarget } from './types.ts';

export type UserBody = Omit<DeviceUserRequest, 'revision'>;

/** The user item the platform gets for a local customer (D-022 meanings are the kiosk's too). */
export function userBody(customer: CustomerRecord, target: SyncTarget): UserBody {
  const clauses = (ids: readonly string[]) => ids.filter((id) => CLAUSE_ID_PATTERN.test(id)).slice(0, MAX_CLAUSES);
  return {
    client_user_id: customer.id,
    store_custom_id: target.storeCustomId,
    account_id: target.accountId,
    custom_id: customer.customId,
    // Cut by characters, as the platform counts them: a cut by UTF-16 units could split an emoji
    // and send half of it, which the platform refuses (D-103, D-105).
    name: firstChars(customer.name, 100),
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

/**
 * Pins the customer's current content to a revision (a new one when it changed) and marks the
 * row due. Local only; returns the row as it now stands.
 */
export function stageUser(users: UserSyncRepository, body: UserBody, now: number): UserSyncRow {
  return users.stage(body.client_user_id, createHash('sha256').update(JSON.stringify(body)).digest('hex'), now);
}

export function userPending(row: UserSyncRow): boolean {
  return row.synced_revision !== row.revision;
}

/** Sends the pinned revision; records what the platform holds. */
export async function pushUser(users: UserSyncRepository, client: PlatformClient, body: UserBody, row: UserSyncRow, now: () => number): Promise<void> {
  let revision = row.revision;
  for (let tries = 0; ; tries++) {
    try {
      const answer = await client.call(deviceSyncEndpoints.syncUser, { body: { ...body, revision } });
      if (answer.revision > revision && tries === 0) {
        // The platform holds a newer revision (this kiosk's database was restored, or another
        // kiosk edited the customer): ours must come after it to count.
        revision = answer.revision + 1;
        users.setRevision(body.client_user_id, revision);
        continue;
      }
      users.markSynced(body.client_user_id, revision, { platformUserId: answer.user.id, consented: answer.consented }, now());
      return;
    } catch (error) {
      // 46201: this revision number was used with other content (state lost locally): take the next.
      if (error instanceof PlatformError && error.code === DeviceSyncCodes.CLIENT_ID_CONFLICT.code && tries === 0) {
        revision += 1;
        users.setRevision(body.client_user_id, revision);
        continue;
      }
      throw error;
    }
  }
}
