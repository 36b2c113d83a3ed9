import type { Region } from '../../protocol/regions.ts';
import type { SqlExecutor } from '../storage/sql.ts';

/** A merchant (table merchants, migration 001). */
export interface MerchantRow {
  id: number;
  group_id: number;
  name: string;
  area: string;
  region: Region;
  /** 0/1 flag. */
  multi_account: number;
  default_lang: string;
  /** JSON array of language codes. */
  lang_list: string;
}

/** What a merchant-scoped request needs of its merchant: who it is, whose it is, where it is served. */
export type MerchantScope = Pick<MerchantRow, 'id' | 'group_id' | 'region'>;

export type NewMerchant = Omit<MerchantRow, 'id'> & { created_at: number };

const MERCHANT_COLUMNS = 'id, group_id, name, area, region, multi_account, default_lang, lang_list';

/** Groups and their merchants: the tenants every token and every request is scoped to. */
export class MerchantRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The merchant with this id when it belongs to the group; a foreign one is not found. */
  findInGroup(merchantId: number, groupId: number): Promise<MerchantRow | undefined> {
    return this.db.one<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants WHERE id = ? AND group_id = ?`, [merchantId, groupId]);
  }

  /** The merchant's row with its settings (languages, multi-account), read where a route needs them. */
  findById(merchantId: number): Promise<MerchantRow | undefined> {
    return this.db.one<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants WHERE id = ?`, [merchantId]);
  }

  /** findInGroup's scope columns only: what every merchant-scoped request reads (D-071). */
  findScopeInGroup(merchantId: number, groupId: number): Promise<MerchantScope | undefined> {
    return this.db.one<MerchantScope>('SELECT id, group_id, region FROM merchants WHERE id = ? AND group_id = ?', [merchantId, groupId]);
  }

  /** The group's merchants by id. */
  listOfGroup(groupId: number): Promise<Pick<MerchantRow, 'id' | 'name' | 'area'>[]> {
    return this.db.all('SELECT id, name, area FROM merchants WHERE group_id = ? ORDER BY id', [groupId]);
  }

  async hasAnyGroup(): Promise<boolean> {
    return (await this.db.one('SELECT 1 AS found FROM groups LIMIT 1')) !== undefined;
  }

  async insertGroup(name: string, createdAt: number): Promise<number> {
    return idOf(await this.db.one<{ id: number }>('INSERT INTO groups (name, created_at) VALUES (?, ?) RETURNING id', [name, createdAt]));
  }

  async insertMerchant(merchant: NewMerchant): Promise<number> {
    const row = await this.db.one<{ id: number }>(
      `INSERT INTO merchants (group_id, name, area, region, multi_account, default_lang, lang_list, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [merchant.group_id, merchant.name, merchant.area, merchant.region, merchant.multi_account, merchant.default_lang, merchant.lang_list, merchant.created_at],
    );
    return idOf(row);
  }
}

/** The id an `INSERT … RETURNING id` gave back; an insert returns its row or throws. */
export function idOf(row: { id: number } | undefined): number {
  if (!row) throw new Error('INSERT … RETURNING id returned no row');
  return row.id;
}
