/**
 * Customers at the kiosk (kiosk API registerCustomer, searchCustomers): registered locally at
 * once (offline works) and queued for the platform; searched locally and in the merchant's CRM
 * through the platform's relay (GET /device_api/crm/search). A CRM failure never hides the local
 * results: it is reported beside them.
 */
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { ReportDataCodes } from '../../protocol/report-data/codes.ts';
import type { Customer, KioskInput, KioskOutput } from '../kiosk-api/types.ts';
import { PlatformError, PlatformProtocolError, PlatformUnreachableError } from '../platform-client/errors.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { CustomerRecord } from '../store/types.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { KNOWN_CLAUSE_IDS } from './consent-clauses.ts';
import { invalid } from './errors.ts';
import type { PlatformLink } from './platform-link.ts';

type CustomerInput = KioskInput<'registerCustomer'>['customer'];
const PAGE_SIZE = 20;

export class Customers {
  constructor(
    private readonly store: KioskStore,
    private readonly engine: SyncEngine,
    private readonly link: PlatformLink,
    private readonly storeCustomId: () => string,
  ) {}

  register(input: Required<CustomerInput>, agreed: readonly string[], rejected: readonly string[]): Customer {
    const unknown = [...agreed, ...rejected].filter((id) => !KNOWN_CLAUSE_IDS.includes(id));
    if (unknown.length > 0) throw invalid(`Unknown consent clause ids: ${unknown.join(', ')}`, 'agreedClauseIds');
    const both = agreed.filter((id) => rejected.includes(id));
    if (both.length > 0) throw invalid(`A clause cannot be agreed and rejected at once: ${both.join(', ')}`, 'rejectedClauseIds');
    const record = this.store.db.transaction(() => {
      const created = this.store.createCustomer({
        name: input.name,
        gender: input.gender,
        birthday: input.birthday,
        phoneCc: input.phoneCc,
        phoneNumber: input.phoneNumber,
        email: input.email,
        customId: input.customId,
      });
      this.store.recordConsent(created.id, agreed, rejected);
      return this.store.getCustomer(created.id)!;
    }).immediate();
    this.engine.enqueueUser(record.id);
    return this.view(record);
  }

  async search(keyword: string, page: number): Promise<KioskOutput<'searchCustomers'>> {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = "name LIKE @like ESCAPE '\\' OR phone_number LIKE @like ESCAPE '\\' OR email LIKE @like ESCAPE '\\' OR custom_id LIKE @like ESCAPE '\\'";
    const ids = this.store.db
      .prepare(`SELECT id FROM customers WHERE ${where} ORDER BY updated_at DESC, id LIMIT @limit OFFSET @offset`)
      .all({ like, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }) as { id: string }[];
    const localTotal = (this.store.db.prepare(`SELECT COUNT(*) AS n FROM customers WHERE ${where}`).get({ like }) as { n: number }).n;
    const local = ids.map((r) => this.view(this.store.getCustomer(r.id)!));
    let crm: KioskOutput<'searchCustomers'>['crm'] = [];
    let crmTotal = 0;
    let crmError: string | null = null;
    try {
      const answer = await this.link.client().call(deviceSyncEndpoints.crmSearch, { query: { keyword, store_number: this.storeCustomId(), page, count: PAGE_SIZE } });
      crmTotal = answer.total;
      crm = answer.lists.map((c) => ({
        customId: c.custom_id,
        name: c.name,
        gender: c.gender,
        ...(c.birthday ? { birthday: c.birthday } : {}),
        phoneCc: c.phone_cc,
        phoneNumber: c.phone_number,
        ...(c.email ? { email: c.email } : {}),
      }));
    } catch (error) {
      crmError = crmMessage(error);
    }
    return { total: localTotal + crmTotal, local, crm, crmError };
  }

  view(record: CustomerRecord): Customer {
    const sessionIds = (this.store.db.prepare('SELECT id FROM sessions WHERE customer_id = ? ORDER BY created_at DESC').all(record.id) as { id: string }[]).map((r) => r.id);
    return {
      id: record.id,
      name: record.name.slice(0, 60),
      gender: record.gender,
      birthday: record.birthday,
      // The contract needs a calling code; a customer stored without one shows the default.
      phoneCc: record.phoneCc >= 1 ? record.phoneCc : 65,
      phoneNumber: record.phoneNumber,
      email: record.email,
      customId: record.customId,
      agreeClauseIds: [...record.agreeClauseIds],
      rejectClauseIds: [...record.rejectClauseIds],
      createdAt: record.createdAt,
      sessionIds,
    };
  }
}

/** What staff read beside the local results when the merchant's CRM search failed (R-018 codes). */
function crmMessage(error: unknown): string {
  if (error instanceof PlatformUnreachableError) return 'The CRM search is not available while the platform is unreachable; local results are shown.';
  if (error instanceof PlatformError) {
    switch (error.code) {
      case ReportDataCodes.CRM_NOT_CONFIGURED.code:
        return 'The merchant has no CRM search configured.';
      case ReportDataCodes.CRM_TIMEOUT.code:
        return 'The merchant CRM did not answer within 5 seconds; local results are shown. Search again in a moment; if it keeps happening, the merchant should check their CRM.';
      case ReportDataCodes.CRM_BAD_ANSWER.code:
        return 'The merchant CRM answered something that is not a customer list; local results are shown. The merchant must fix their CRM search answer.';
      case ReportDataCodes.CRM_UNREACHABLE.code:
        return 'The merchant CRM could not be reached (it refused the call or answered with an error); local results are shown. The merchant should check that their CRM is running.';
      default:
        return `The CRM search failed (${error.code}): ${error.msg}`;
    }
  }
  if (error instanceof PlatformProtocolError) return 'The platform answered the CRM search with something unexpected; local results are shown.';
  return error instanceof Error ? error.message : String(error);
}
