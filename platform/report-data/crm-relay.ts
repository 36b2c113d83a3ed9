import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import { ReportDataCodes } from '../../protocol/report-data/codes.ts';
import { CRM_TIMEOUT_MS, crmAnswerSchema, type CrmAnswer } from '../../protocol/report-data/crm.ts';
import { sign } from '../auth/signature.ts';
import type { z } from 'zod';
import type { crmSearchQuerySchema } from '../../protocol/device-sync/crm-search.ts';
import { unixSeconds, type Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { IntegrationService } from './integration.ts';
import { CallOutError, callOut } from './outbound.ts';
import type { ReportRepository } from './report-repository.ts';

/** decision: a CRM answer larger than this is refused as not valid. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export type CrmSearch = z.output<typeof crmSearchQuerySchema>;

/**
 * The CRM search call-out (specification: Callback endpoints, CRM search), relayed to the kiosk.
 * The query is signed like the pull (D-010): every parameter sent but sig, including any the
 * merchant put into its own URL. The 5-second deadline covers the whole call.
 */
export class CrmRelay {
  constructor(
    private readonly clock: Clock,
    private readonly integration: IntegrationService,
    private readonly store: ReportRepository,
  ) {}

  async search(merchantId: number, query: CrmSearch): Promise<CrmAnswer> {
    const configured = (await this.integration.settings(merchantId)).crm_url;
    if (!configured) throw new ApiError(ReportDataCodes.CRM_NOT_CONFIGURED);
    const signer = await this.integration.signer(merchantId);
    if (!signer) throw new ApiError(ReportDataCodes.CRM_NOT_CONFIGURED, 'no signing app is set for this merchant');
    if (!(await this.store.storeOf(merchantId, query.store_number))) throw new ApiError(DeviceSyncCodes.STORE_NOT_FOUND, `store_number: ${query.store_number}`);

    const target = this.integration.target(configured);
    const url = new URL(target.url);
    url.searchParams.delete('sig');
    const ours = { keyword: query.keyword, store_number: query.store_number, page: String(query.page), count: String(query.count), sig_time: String(unixSeconds(this.clock)) };
    for (const [name, value] of Object.entries(ours)) url.searchParams.set(name, value);
    url.searchParams.set('sig', sign(Object.fromEntries(url.searchParams), signer.secret));

    let answer;
    try {
      answer = await callOut({ method: 'GET', url: url.toString(), headers: { accept: 'application/json' }, timeoutMs: CRM_TIMEOUT_MS, maxBodyBytes: MAX_ANSWER_BYTES, allowPrivate: target.allowPrivate });
    } catch (error) {
      if (error instanceof CallOutError && error.reason === 'timeout') throw new ApiError(ReportDataCodes.CRM_TIMEOUT, `the CRM did not answer within ${CRM_TIMEOUT_MS / 1000} seconds`);
      if (error instanceof CallOutError) throw new ApiError(ReportDataCodes.CRM_UNREACHABLE, `${error.reason}: ${error.message}`);
      throw error;
    }
    if (answer.status !== 200) throw new ApiError(ReportDataCodes.CRM_UNREACHABLE, `the CRM answered HTTP ${answer.status}`);
    if (answer.truncated) throw new ApiError(ReportDataCodes.CRM_BAD_ANSWER, `larger than ${MAX_ANSWER_BYTES} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new ApiError(ReportDataCodes.CRM_BAD_ANSWER, 'not JSON');
    }
    const parsed = crmAnswerSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(ReportDataCodes.CRM_BAD_ANSWER, `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
    }
    if (parsed.data.total < parsed.data.lists.length) throw new ApiError(ReportDataCodes.CRM_BAD_ANSWER, 'total is less than the customers listed');
    return parsed.data;
  }
}
