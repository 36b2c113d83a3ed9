import {
  CATEGORY_IDS,
  CategoryStatus,
  DIMENSION_IDS,
  DEFAULT_LANGUAGE,
  DimensionStatus,
  isLanguageCode,
  type LanguageCode,
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
import { MerchantRepository } from '../../auth/merchant-repository.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import { TenantRepository, type Page } from './tenant-repository.ts';

/**
 * The merchant-data reads (specification: Merchant data: reads). Every list is ordered by id,
 * so pages are stable while rows are added (decision M-014), and carries `total` both on the
 * response and, as the specification shows it, as a string on each item.
 */
export class TenantReadService {
  readonly #merchants: MerchantRepository;

  constructor(private readonly sql: SqlDatabase) {
    this.#merchants = new MerchantRepository(sql);
  }

  /** Every merchant of the group; the specification shows no paging here (decision M-016). */
  async listMerchants(groupId: number): Promise<MerchantListResponse> {
    const rows = await this.#merchants.listOfGroup(groupId);
    return { list: rows.map((m) => ({ merchant_id: String(m.id), name: m.name, area: m.area })), total: rows.length };
  }

  async listStores(merchantId: number, page: PageQuery): Promise<StoreListResponse> {
    const { rows, total } = await this.#page((tenants) => tenants.pageOfStores(merchantId, page));
    return {
      list: rows.map((s) => ({
        id: String(s.id), name: s.name, province: s.province, city: s.city, address: s.address,
        status: s.status, store_business_type: s.business_type, store_custom_id: s.custom_id, total: String(total),
      })),
      total,
    };
  }

  /** Accounts of the merchant, optionally of one store; an unknown store number filters to nothing. */
  async listEmployees(merchantId: number, query: EmployeesQuery): Promise<EmployeeListResponse> {
    const { rows, total } = await this.#page((tenants) => tenants.pageOfEmployees(merchantId, query.store_custom_id, query));
    return {
      list: rows.map((a) => ({
        id: String(a.id), store_id: String(a.store_id), store_custom_id: a.store_custom_id, status_status: a.store_status,
        account_num: a.account_num, last_name: a.last_name, real_name: a.real_name, phone_cc: a.phone_cc,
        phone_number: a.phone_number, email: a.email, sso_account: a.sso_account, status: a.status,
      })),
      total,
    };
  }

  async listAreas(merchantId: number, page: PageQuery): Promise<RegionListResponse> {
    const { rows, total } = await this.#page((tenants) => tenants.pageOfAreas(merchantId, page));
    return { list: rows.map((r) => ({ id: String(r.id), name: r.name, remark: r.remark, total: String(total) })), total };
  }

  /**
   * The merchant's languages. Stored codes that are not language codes of the specification
   * are dropped rather than failing the read (decision M-019). Read from the row as stored now:
   * the request's merchant is its scope only (D-071).
   */
  async langs(merchantId: number): Promise<LangsResponse> {
    const merchant = await this.#merchants.findById(merchantId);
    let stored: unknown;
    try {
      stored = JSON.parse(merchant?.lang_list ?? '[]');
    } catch {
      stored = [];
    }
    const list = Array.isArray(stored) ? stored.filter((c): c is LanguageCode => typeof c === 'string' && isLanguageCode(c)) : [];
    const defaultLang = merchant && isLanguageCode(merchant.default_lang) ? merchant.default_lang : DEFAULT_LANGUAGE;
    return { default_lang: defaultLang, lang_list: [...new Set(list)] };
  }

  /** Every dimension is enabled for every merchant of this platform (decision M-015). */
  dimensions(lang: LanguageCode): DimensionListResponse {
    return { list: DIMENSION_IDS.map((id) => buildDimensionItem(id, lang, DimensionStatus.ENABLED)), total: DIMENSION_IDS.length };
  }

  categories(lang: LanguageCode): CategoryListResponse {
    return { list: CATEGORY_IDS.map((id) => buildCategoryItem(id, lang, CategoryStatus.ENABLED)), total: CATEGORY_IDS.length };
  }

  /** One page and the total, read in one transaction so they agree. */
  #page<T>(read: (tenants: TenantRepository) => Promise<Page<T>>): Promise<Page<T>> {
    return this.sql.transaction((tx) => read(new TenantRepository(tx)));
  }
}
