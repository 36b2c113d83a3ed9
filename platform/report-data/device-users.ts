import { createHash } from 'node:crypto';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { DeviceUser, DeviceUserResponse } from '../../protocol/device-sync/users.ts';
import { SIG_TIME_TOLERANCE_SECONDS } from '../../protocol/report-data/pull-query.ts';
import { canonicalJson } from '../../protocol/skin-api/task-util.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { SqlExecutor } from '../storage/sql.ts';
import type { Outbox } from './outbox.ts';
import { userItemOf } from './presenter.ts';
import type { ReportRepository, UserProfile, UserRow } from './report-repository.ts';

export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/**
 * A time the kiosk reports may lag (offline) but not lead the platform's clock beyond the skew
 * allowed for signatures. Ahead, the device clock runs fast: its own code (46209), so the kiosk
 * can tell the technician and retry once the time has come, instead of failing the work.
 */
export function checkNotFuture(createdAtSeconds: number | undefined, nowMs: number, field: string): void {
  if (createdAtSeconds !== undefined && createdAtSeconds * 1000 > nowMs + SIG_TIME_TOLERANCE_SECONDS * 1000) {
    throw new ApiError(DeviceSyncCodes.TIME_AHEAD, `body.${field}: ${Math.round(createdAtSeconds - nowMs / 1000)} s ahead of the platform clock`);
  }
}

/**
 * POST /device_api/users (decision R-014): registers or updates a customer by the kiosk's id,
 * in one transaction with the push event it causes. Events: user.created when a customer first
 * has both required consents (at registration or on a later revision), user.updated for a
 * newer revision of a consenting customer. Nothing is pushed for a customer without consent.
 * A customer deleted on request is never registered again under the same id (46208, R-019).
 */
export class UserSyncService {
  constructor(
    private readonly clock: Clock,
    private readonly store: ReportRepository,
    private readonly outbox: Outbox,
    private readonly onEvent: () => void,
  ) {}

  /** input: the body as its protocol schema parsed it (the route kit). */
  async sync(merchantId: number, input: DeviceUser): Promise<DeviceUserResponse> {
    const now = this.clock.now();
    checkNotFuture(input.created_at, now, 'created_at');
    const hash = requestHash(input);
    const { client_user_id: clientUserId, revision, store_custom_id: storeCustomId, created_at: createdAt, ...profile } = input;
    const { row, queued } = await this.store.inserting('users', async (tx): Promise<{ row: UserRow; queued: boolean }> => {
      if (await this.store.isDeleted(merchantId, 'user', clientUserId, tx)) throw new ApiError(DeviceSyncCodes.CLIENT_DELETED, `client_user_id ${clientUserId} was deleted on request`);
      const existing = await this.store.userByClientId(merchantId, clientUserId, tx);
      if (existing && revision < existing.revision) return { row: existing, queued: false }; // stale: a late retry must not undo a newer edit
      if (existing && revision === existing.revision) {
        if (existing.request_hash === hash) return { row: existing, queued: false };
        throw new ApiError(DeviceSyncCodes.CLIENT_ID_CONFLICT, `client_user_id ${clientUserId} revision ${revision} was sent before with other content`);
      }
      const store = await this.store.storeOf(merchantId, storeCustomId, tx);
      if (!store) throw new ApiError(DeviceSyncCodes.STORE_NOT_FOUND, `store_custom_id: ${storeCustomId}`);
      await this.checkAccount(tx, merchantId, profile);
      const saved = existing
        ? await this.store.updateUser(tx, existing.id, { revision, requestHash: hash, storeId: store.id, profile, now })
        : await this.store.insertUser(tx, { merchantId, clientUserId, revision, requestHash: hash, storeId: store.id, profile, createdAt: createdAt === undefined ? now : createdAt * 1000, now });
      if (saved.consented !== 1) return { row: saved, queued: false };
      const actionType = existing?.consented === 1 ? 'user.updated' : 'user.created';
      const eventId = await this.outbox.enqueue(tx, { merchantId, dataType: 'user', actionType, userId: saved.id, data: userItemOf(saved) });
      return { row: saved, queued: eventId !== null };
    });

    if (queued) this.onEvent();
    return { client_user_id: row.client_user_id, revision: row.revision, consented: row.consented === 1, user: userItemOf(row) };
  }

  private async checkAccount(tx: SqlExecutor, merchantId: number, profile: UserProfile): Promise<void> {
    if (profile.account_id !== 0 && !(await this.store.accountExists(merchantId, profile.account_id, tx))) {
      throw new ApiError(DeviceSyncCodes.ACCOUNT_NOT_FOUND, `account_id: ${profile.account_id}`);
    }
  }
}
