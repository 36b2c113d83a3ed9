import {
  CATEGORY_IDS,
  CategoryStatus,
  DIMENSION_IDS,
  DEFAULT_LANGUAGE,
  DimensionStatus,
  isLanguageCode,
  type AccountStatus,
  type LanguageCode,
  type StoreBusinessType,
  type StoreStatus,
} from '../../../protocol/enums/index.ts';
import {
  buildCategoryItem,
  buildDimensionItem,
  type CategoryListResponse,
  type DimensionListResponse,
  type EmployeeListResponse,
  type EmployeesQuery,
  type LangsResponse,
  type MerchantListResponse,
  type PageQuery,
  type RegionListResponse,
  type StoreListResponse,
} from '../../../protocol/open-api/index.ts';
import type { MerchantRow } from '../../auth/merchant-scope.ts';
import type { Db } from '../../storage/database.ts';

interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * The merchant-data reads (specification: Merchant data: reads). Every list is ordered by id,
 * so pages are stable while rows are added (decision M-014), and carries `total` both on the
 * response and, as the specification shows it, as a string on each item.
 */
export class TenantReadService {
  constructor(private readonly db: Db) {}

  /** Every merchant of the group; the specification shows no paging here (decision M-016). */
  listMerchants(groupId: number): MerchantListResponse {
    const rows = this.db.prepare('SELECT id, name, area FROM merchants WHERE group_id = ? ORDER BY id').all(groupId) as { id: number; name: string; area: string }[];
    return { list: rows.map((m) => ({ merchant_id: String(m.id), name: m.name, area: m.area })), total: rows.length };
  }

  listStores(merchantId: number, page: PageQuery): StoreListResponse {
    const { rows, total } = this.page<{
      id: number; name: string; province: string; city: string; address: string;
      status: StoreStatus; business_type: StoreBusinessType; custom_id: string;
    }>(
      'FROM stores WHERE merchant_id = ?',
      'SELECT id, name, province, city, address, status, business_type, custom_id',
      [merchantId],
      page,
    );
    return {
      list: rows.map((s) => ({
        id: String(s.id), name: s.name, province: s.province, city: s.city, address: s.address,
        status: s.status, store_business_type: s.business_type, store_custom_id: s.custom_id, total: String(total),
      })),
      total,
    };
  }

  /** Accounts of the merchant, optionally of one store; an unknown store number filters to nothing. */
  listEmployees(merchantId: number, query: EmployeesQuery): EmployeeListResponse {
    const filter = query.store_custom_id === undefined ? '' : ' AND s.custom_id = ?';
    const params: unknown[] = query.store_custom_id === undefined ? [merchantId] : [merchantId, query.store_custom_id];
    const { rows, total } = this.page<{
      id: number; store_id: number; store_custom_id: string; store_status: StoreStatus; account_num: string;
      last_name: string; real_name: string; phone_cc: string; phone_number: string; email: string;
      sso_account: string; status: AccountStatus;
    }>(
      `FROM accounts a JOIN stores s ON s.id = a.store_id AND s.merchant_id = a.merchant_id WHERE a.merchant_id = ?${filter}`,
      `SELECT a.id, a.store_id, s.custom_id AS store_custom_id, s.status AS store_status, a.account_num, a.last_name,
              a.real_name, a.phone_cc, a.phone_number, a.email, a.sso_account, a.status`,
      params,
      query,
      'a.id',
    );
    return {
      list: rows.map((a) => ({
        id: String(a.id), store_id: String(a.store_id), store_custom_id: a.store_custom_id, status_status: a.store_status,
        account_num: a.account_num, last_name: a.last_name, real_name: a.real_name, phone_cc: a.phone_cc,
        phone_number: a.phone_number, email: a.email, sso_account: a.sso_account, status: a.status,
      })),
      total,
    };
  }

  listAreas(merchantId: number, page: PageQuery): RegionListResponse {
    const { rows, total } = this.page<{ id: number; name: string; remark: string }>(
      'FROM areas WHERE merchant_id = ?',
      'SELECT id, name, remark',
      [merchantId],
      page,
    );
    return { list: rows.map((r) => ({ id: String(r.id), name: r.name, remark: r.remark, total: String(total) })), total };
  }

  /**
   * The merchant's languages. Stored codes that are not language codes of the specification
   * are dropped rather than failing the read (decision M-019).
   */
  langs(merchant: MerchantRow): LangsResponse {
    let stored: unknown;
    try {
      stored = JSON.parse(merchant.lang_list);
    } catch {
      stored = [];
    }
    const list = Array.isArray(stored) ? stored.filter((c): c is LanguageCode => typeof c === 'string' && isLanguageCode(c)) : [];
    const defaultLang = isLanguageCode(merchant.default_lang) ? merchant.default_lang : DEFAULT_LANGUAGE;
    return { default_lang: defaultLang, lang_list: [...new Set(list)] };
  }

  /** Every dimension is enabled for every merchant of this platform (decision M-015). */
  dimensions(lang: LanguageCode): DimensionListResponse {
    return { list: DIMENSION_IDS.map((id) => buildDimensionItem(id, lang, DimensionStatus.ENABLED)), total: DIMENSION_IDS.length };
  }

  categories(lang: LanguageCode): CategoryListResponse {
    return { list: CATEGORY_IDS.map((id) => buildCategoryItem(id, lang, CategoryStatus.ENABLED)), total: CATEGORY_IDS.length };
  }

  /**
   * One page and the total, read in one transaction so they agree. A page past the end is an
   * empty list with the total; its offset is never bound (page may be up to 15 digits).
   */
  private page<T>(from: string, select: string, params: unknown[], page: PageQuery, orderBy = 'id'): Page<T> {
    return this.db.transaction((): Page<T> => {
      const total = (this.db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n;
      const offset = (page.page - 1) * page.count;
      if (offset >= total) return { rows: [], total };
      const rows = this.db.prepare(`${select} ${from} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(...params, page.count, offset) as T[];
      return { rows, total };
    })();
  }
}
