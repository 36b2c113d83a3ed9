import { Codes } from '../../../protocol/codes.ts';
import type { StoreCreateResponse, StoreUpdateResponse } from '../../../protocol/endpoints/merchant.ts';
import { AccountStatus, StoreBusinessType, StoreStatus } from '../../../protocol/enums/index.ts';
import type { StoreCreateBody, StoreUpdateBody } from '../../../protocol/open-api/index.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import { refuseTakenAccountName } from './account-rules.ts';
import { TenantRepository } from './tenant-repository.ts';
import { requireStore, resolveArea } from './tenant-rows.ts';

/**
 * Creating and updating stores (specification: Create store, Update store). Format rules were
 * checked by protocol/ (11000, 11029, 11008, 11010, 10010, 400); the rules that need stored
 * data are here, each checked inside the write transaction so that two concurrent calls cannot
 * both pass a uniqueness check (one transaction at a time on SQLite, SERIALIZABLE on PostgreSQL).
 */
export class StoreService {
  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
  ) {}

  /**
   * The store and its manager account, in one transaction: either both exist afterwards or
   * neither does. Check order (decision M-013): region, name 11001, store number 11028, then the
   * manager's account name 10008/11009 (decision M-003).
   */
  async create(merchantId: number, body: StoreCreateBody): Promise<StoreCreateResponse> {
    // Hashing is slow on purpose; do it before the transaction.
    const passwordHash = hashPassword(body.password);
    // decision M-017: blanks around names are not part of them ("Orchard " is "Orchard").
    const name = body.name.trim();
    const now = this.clock.now();
    return this.sql.transaction(async (tx): Promise<StoreCreateResponse> => {
      const rows = new TenantRepository(tx);
      const areaId = await resolveArea(rows, merchantId, body.area_id);
      await refuseTakenName(rows, merchantId, name, null);
      await refuseTakenNumber(rows, merchantId, body.custom_id, null);
      await refuseTakenAccountName(rows, merchantId, body.username);
      // decision M-007: no gazetteer maps codes to names, so the codes are shown as given.
      // decision M-008: a new store is Normal and Basic; the create body has no business type.
      const storeId = await rows.insertStore({
        merchant_id: merchantId, custom_id: body.custom_id, name, telephone: body.telephone, area_id: areaId,
        province_code: body.province_code, city_code: body.city_code ?? '', province: body.province_code, city: body.city_code ?? '',
        address: body.address.trim(), status: StoreStatus.NORMAL, business_type: StoreBusinessType.BASIC, created_at: now,
      });
      const accountId = await rows.insertAccount({
        merchant_id: merchantId, store_id: storeId, username: body.username, password_hash: passwordHash,
        real_name: body.real_name.trim(), last_name: body.last_name?.trim() ?? '', account_num: body.account_num ?? '',
        phone_cc: body.phone_cc === undefined ? '' : String(body.phone_cc), phone_number: body.phone_number ?? '',
        email: body.email ?? '', is_manager: 1, status: AccountStatus.ENABLED, created_at: now,
      });
      return { store_id: String(storeId), store_custom_id: body.custom_id, account_id: String(accountId) };
    });
  }

  /**
   * Changes the fields that are present; absent fields keep their value. The store is named by
   * custom_id (400 when it is not a store of this merchant, decision M-004); a new name or store
   * number must not be another store's (11001, 11028).
   */
  update(merchantId: number, body: StoreUpdateBody): Promise<StoreUpdateResponse> {
    return this.sql.transaction(async (tx): Promise<StoreUpdateResponse> => {
      const rows = new TenantRepository(tx);
      const store = await requireStore(rows, merchantId, body.custom_id, 'custom_id');
      const areaId = body.area_id === undefined ? store.area_id : await resolveArea(rows, merchantId, body.area_id);
      const name = body.name === undefined ? store.name : body.name.trim();
      await refuseTakenName(rows, merchantId, name, store.id);
      const customId = body.new_custom_id ?? store.custom_id;
      await refuseTakenNumber(rows, merchantId, customId, store.id);
      await rows.updateStore(merchantId, store.id, {
        custom_id: customId, name, telephone: body.telephone ?? store.telephone, area_id: areaId,
        province_code: body.province_code ?? store.province_code, city_code: body.city_code ?? store.city_code,
        // decision M-007: a new code replaces the shown name; an untouched one keeps it.
        province: body.province_code ?? store.province, city: body.city_code ?? store.city,
        address: body.address === undefined ? store.address : body.address.trim(),
      });
      return { store_id: String(store.id), store_custom_id: customId };
    });
  }
}

/** Store names are unique within a merchant (decision M-002). */
async function refuseTakenName(rows: TenantRepository, merchantId: number, name: string, exceptStoreId: number | null): Promise<void> {
  const holder = await rows.storeIdByName(merchantId, name);
  if (holder !== undefined && holder !== exceptStoreId) throw new ApiError(Codes.STORE_NAME_EXISTS, 'body.name: another store of this merchant has this name');
}

/** Store numbers are unique within a merchant (decision M-002). */
async function refuseTakenNumber(rows: TenantRepository, merchantId: number, customId: string, exceptStoreId: number | null): Promise<void> {
  const holder = await rows.findStore(merchantId, customId);
  if (!holder || holder.id === exceptStoreId) return;
  const field = exceptStoreId === null ? 'custom_id' : 'new_custom_id';
  throw new ApiError(Codes.STORE_NUMBER_EXISTS, `body.${field}: another store of this merchant has this store number`);
}
