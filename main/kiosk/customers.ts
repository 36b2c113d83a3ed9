/**
 * Customers at the kiosk (kiosk API registerCustomer, searchCustomers): registered locally at
 * once (offline works) and queued for the platform; searched locally and in the merchant's CRM
 * through the platform's relay (GET /device_api/crm/search). A CRM failure never hides the local
 * results: it is reported beside them.
 */
import { KioskApiError } from '../../common/kiosk/api-error.ts';
import { samePhone, type PhoneNumber } from '../../common/kiosk/phone.ts';
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { ReportDataCodes } from '../../protocol/report-data/codes.ts';
import { uiMessage, type UiMessageValue } from '../kiosk-api/messages.ts';
import type { Customer, KioskInput, KioskOutput } from '../kiosk-api/types.ts';
import { PlatformError, PlatformProtocolError, PlatformUnreachableError } from '../platform-client/errors.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { CustomerRecord } from '../store/types.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { KNOWN_CLAUSE_IDS } from './consent-clauses.ts';
import { invalid } from './errors.ts';
import { PhoneQuestionBudget } from './phone-question-budget.ts';
import type { PlatformLink } from './platform-link.ts';

type CustomerInput = KioskInput<'registerCustomer'>['customer'];
const PAGE_SIZE = 20;
/** The longest a registration waits for the merchant's CRM to say whether it knows a mobile number. */
const CRM_CHECK_MS = 2500;
/** CRM results read for that (the relay's most): a CRM matching by substring may list others first. */
const CRM_CHECK_COUNT = 100;

export class Customers {
  constructor(
    private readonly store: KioskStore,
    private readonly engine: SyncEngine,
    private readonly link: PlatformLink,
    private readonly storeCustomId: () => string,
    private readonly questions = new PhoneQuestionBudget(),
  ) {}

  /**
   * Registers a customer. A new customer (no merchant number: not chosen from the CRM) whose
   * mobile number a customer of this kiosk or of the merchant's CRM already has is refused with
   * conflict on `customer.phoneNumber`, naming nobody, unless `sharedPhoneConfirmed`: a returning
   * customer registered again would start a second history, and their visits could no longer be
   * compared; a family sharing one phone confirms and registers separately (D-131). Past the
   * budget of numbers asked about, no number is checked (PhoneQuestionBudget, D-132).
   */
  async register(input: Required<CustomerInput>, agreed: readonly string[], rejected: readonly string[], sharedPhoneConfirmed = false): Promise<Customer> {
    const unknown = [...agreed, ...rejected].filter((id) => !KNOWN_CLAUSE_IDS.includes(id));
    if (unknown.length > 0) throw invalid(`Unknown consent clause ids: ${unknown.join(', ')}`, 'agreedClauseIds');
    const both = agreed.filter((id) => rejected.includes(id));
    if (both.length > 0) throw invalid(`A clause cannot be agreed and rejected at once: ${both.join(', ')}`, 'rejectedClauseIds');
    const phone = { cc: input.phoneCc, number: input.phoneNumber };
    const slot = !sharedPhoneConfirmed && input.customId.trim() === '' && input.phoneNumber !== '' ? this.questions.take(phone) : null;
    if (slot) {
      if (await this.phoneKnown(phone)) throw new KioskApiError('conflict', 'A customer with this mobile number is registered already.', 'customer.phoneNumber');
      slot();
    }
    const record = this.store.registerCustomer(input, agreed, rejected);
    this.engine.enqueueUser(record.id);
    return this.view(record);
  }

  /**
   * Whether a customer of this kiosk, or of the merchant's CRM, has this number (`samePhone`:
   * the CRM's "+65 9123-4567" is 91234567). The CRM is asked for CRM_CHECK_MS at most: one that
   * is not configured, away or slow counts as not knowing it, so registration keeps working
   * offline. It is asked even when this kiosk knows the number, and answered after it: the time
   * an answer takes must not tell whether the holder has been to this kiosk.
   */
  private async phoneKnown(phone: PhoneNumber): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CRM_CHECK_MS)));
    const crm = (async () => {
      const query = { keyword: phone.number, store_number: this.storeCustomId(), page: 1, count: CRM_CHECK_COUNT };
      const answer = await this.link.client().call(deviceSyncEndpoints.crmSearch, { query });
      return answer.lists.some((c) => samePhone({ cc: c.phone_cc, number: c.phone_number }, phone));
    })().catch(() => false);
    try {
      const inCrm = await Promise.race([crm, late]);
      return inCrm || this.store.hasCustomerWithPhone(phone);
    } finally {
      clearTimeout(timer);
    }
  }

  async search(keyword: string, page: number): Promise<KioskOutput<'searchCustomers'>> {
    const found = this.store.searchCustomers(keyword, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const localTotal = found.total;
    const local = found.customers.map((record) => this.view(record));
    let crm: KioskOutput<'searchCustomers'>['crm'] = [];
    let crmTotal = 0;
    let crmError: UiMessageValue | null = null;
    try {
      const answer = await this.link.client().call(deviceSyncEndpoints.crmSearch, { query: { keyword, store_number: this.storeCustomId(), page, count: PAGE_SIZE } });
      // A CRM customer registered here already and listed among the local results is shown once,
      // as the local customer (with their history); choosing a CRM row reuses it anyway.
      const localNumbers = new Set(local.map((c) => c.customId).filter((n) => n !== ''));
      const listed = answer.lists.filter((c) => !localNumbers.has(c.custom_id));
      crmTotal = answer.total - (answer.lists.length - listed.length);
      crm = listed.map((c) => ({
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
    const sessionIds = this.store.sessionIdsOfCustomer(record.id);
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

/**
 * What staff read beside the local results when the merchant's CRM search failed (R-018 codes),
 * as a message key the renderer translates (kiosk-api/messages.ts).
 */
function crmMessage(error: unknown): UiMessageValue {
  if (error instanceof PlatformUnreachableError) return uiMessage('crm.platform_unreachable');
  if (error instanceof PlatformError) {
    switch (error.code) {
      case ReportDataCodes.CRM_NOT_CONFIGURED.code:
        return uiMessage('crm.not_configured');
      case ReportDataCodes.CRM_TIMEOUT.code:
        return uiMessage('crm.timeout');
      case ReportDataCodes.CRM_BAD_ANSWER.code:
        return uiMessage('crm.bad_answer');
      case ReportDataCodes.CRM_UNREACHABLE.code:
        return uiMessage('crm.unreachable');
      default:
        return uiMessage('crm.refused', { code: String(error.code), detail: error.msg });
    }
  }
  if (error instanceof PlatformProtocolError) return uiMessage('crm.protocol');
  return uiMessage('crm.local', { detail: error instanceof Error ? error.message : String(error) });
}
