import { Codes } from '../../../protocol/codes.ts';
import type { StoreCreateResponse, StoreUpdateResponse } from '../../../protocol/endpoints/merchant.ts';
import { AccountStatus, StoreBusinessType, StoreStatus } from '../../../protocol/enums/index.ts';
import type { StoreCreateBody, StoreUpdateBody } from '../../../protocol/open-api/index.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Db } from '../../storage/database.ts';
import { refuseTakenAccountName } from './account-rules.ts';
import { requireStore, resolveArea } from './tenant-rows.ts';

/**
 * Creating and updating stores (specification: Create store, Update store). Format rules were
 * checked by protocol/ (11000, 11029, 11008, 11010, 10010, 400); the rules that need stored
 * data are here, each checked inside the write transaction so that two concurrent calls cannot
 * both pass a uniqueness check (BEGIN IMMEDIATE takes the write lock first).
 */
export class StoreService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * The store and its manager account, in one transaction: either both exist afterwards or
   * neither does. Check order (decision M-013): region, name 11001, store number 11028, then the
   * manager's account name 10008/11009 (decision M-003).
   */
  create(merchantId: number, body: StoreCreateBody): StoreCreateResponse {
    // Hashing is slow on purpose; do it before the write lock is taken.
    const passwordHash = hashPassword(body.password);
    // decision M-017: blanks around names are not part of them ("Orchard " is "Orchard").
    const name = body.name.trim();
    const now = this.clock.now();
    return this.db.transaction((): StoreCreateResponse => {
      const areaId = resolveArea(this.db, merchantId, body.area_id);
      this.refuseTakenName(merchantId, name, null);
      this.refuseTakenNumber(merchantId, body.custom_id, null);
      refuseTakenAccountName(this.db, merchantId, body.username);
      // decision M-007: no gazetteer maps codes to names, so the codes are shown as given.
      // decision M-008: a new store is Normal and Basic; the create body has no business type.
      const storeId = Number(
        this.db
          .prepare(
            `INSERT INTO stores (merchant_id, custom_id, name, telephone, area_id, province_code, city_code, province, city,
                                 address, status, business_type, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            merchantId, body.custom_id, name, body.telephone, areaId, body.province_code, body.city_code ?? '',
            body.province_code, body.city_code ?? '', body.address.trim(), StoreStatus.NORMAL, StoreBusinessType.BASIC, now,
          ).lastInsertRowid,
      );
      const accountId = Number(
        this.db
          .prepare(
            `INSERT INTO accounts (merchant_id, store_id, username, password_hash, real_name, last_name, account_num,
                                   phone_cc, phone_number, email, is_manager, status, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
          )
          .run(
            merchantId, storeId, body.username, passwordHash, body.real_name.trim(), body.last_name?.trim() ?? '',
            body.account_num ?? '', body.phone_cc === undefined ? '' : String(body.phone_cc), body.phone_number ?? '',
            body.email ?? '', AccountStatus.ENABLED, now,
          ).lastInsertRowid,
      );
      return { store_id: String(storeId), store_custom_id: body.custom_id, account_id: String(accountId) };
    }).immediate();
  }

  /**
   * Changes the fields that are present; absent fields keep their value. The store is named by
   * custom_id (400 when it is not a store of this merchant, decision M-004); a new name or store
   * number must not be another store's (11001, 11028).
   */
  update(merchantId: number, body: StoreUpdateBody): StoreUpdateResponse {
    return this.db.transaction((): StoreUpdateResponse => {
      const store = requireStore(this.db, merchantId, body.custom_id, 'custom_id');
      const areaId = body.area_id === undefined ? store.area_id : resolveArea(this.db, merchantId, body.area_id);
      const name = body.name === undefined ? store.name : body.name.trim();
      this.refuseTakenName(merchantId, name, store.id);
      const customId = body.new_custom_id ?? store.custom_id;
      this.refuseTakenNumber(merchantId, customId, store.id);
      const provinceCode = body.province_code ?? store.province_code;
      const cityCode = body.city_code ?? store.city_code;
      this.db
        .prepare(
          `UPDATE stores SET custom_id = ?, name = ?, telephone = ?, area_id = ?, province_code = ?, city_code = ?,
                             province = ?, city = ?, address = ?
           WHERE id = ? AND merchant_id = ?`,
        )
        .run(
          customId, name, body.telephone ?? store.telephone, areaId, provinceCode, cityCode,
          // decision M-007: a new code replaces the shown name; an untouched one keeps it.
          body.province_code ?? store.province, body.city_code ?? store.city,
          body.address === undefined ? store.address : body.address.trim(), store.id, merchantId,
        );
      return { store_id: String(store.id), store_custom_id: customId };
    }).immediate();
  }

  /** Store names are unique within a merchant (decision M-002). */
  private refuseTakenName(merchantId: number, name: string, exceptStoreId: number | null): void {
    const row = this.db.prepare('SELECT id FROM stores WHERE merchant_id = ? AND name = ?').get(merchantId, name) as { id: number } | undefined;
    if (row && row.id !== exceptStoreId) throw new ApiError(Codes.STORE_NAME_EXISTS, 'body.name: another store of this merchant has this name');
  }

  /** Store numbers are unique within a merchant (decision M-002). */
  private refuseTakenNumber(merchantId: number, customId: string, exceptStoreId: number | null): void {
    const row = this.db.prepare('SELECT id FROM stores WHERE merchant_id = ? AND custom_id = ?').get(merchantId, customId) as { id: number } | undefined;
    if (!row || row.id === exceptStoreId) return;
    const field = exceptStoreId === null ? 'custom_id' : 'new_custom_id';
    throw new ApiError(Codes.STORE_NUMBER_EXISTS, `body.${field}: another store of this merchant has this store number`);
  }
}
