import { Codes } from '../../../protocol/codes.ts';
import { FILE_LINK_TTL_SECONDS, SHARED_FILE_PATH, sharedLinkQuerySchema, type ReportPage } from '../../../protocol/device-sync/shared-links.ts';
import { sharedLinkEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { ReportDataCodes } from '../../../protocol/report-data/codes.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { unixSeconds, type Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import { PRIVATE_ANSWER_HEADERS } from '../../http/private-answer.ts';
import type { ObjectStore } from '../../objects/object-store.ts';
import type { ReportData } from '../../report-data/index.ts';
import type { LinkKind } from '../../report-data/links.ts';
import { reportPageOf } from '../../report-data/presenter.ts';
import { requestLanguage, sendHtml } from '../../report-data/shared-page/html-reply.ts';
import { prefersHtml } from '../../report-data/shared-page/negotiation.ts';
import { renderRefusalPage } from '../../report-data/shared-page/refusal-page.ts';
import { renderReportPage } from '../../report-data/shared-page/report-page.ts';
import { outputMime } from '../../skin-api/output-keys.ts';
import type { UploadService } from '../../skin-api/upload-service.ts';
import { unchecked, type RouteKit } from '../route-kit.ts';

export interface SharedLinkDeps {
  readonly clock: Clock;
  readonly uploads: UploadService;
  readonly objects: ObjectStore;
  readonly reportData: ReportData;
}

/** The link's expiry once its signature holds: tampering is 46101, expiry 46102. */
function checkLink(services: SharedLinkDeps, query: unknown, kind: LinkKind, key: string): number {
  const parsed = sharedLinkQuerySchema.safeParse(query);
  if (!parsed.success) throw new ApiError(ReportDataCodes.SHARED_LINK_INVALID, 'expires and signature are required');
  const { expires, signature } = parsed.data;
  if (!services.reportData.links.verify(kind, key, expires, signature)) throw new ApiError(ReportDataCodes.SHARED_LINK_INVALID);
  if (unixSeconds(services.clock) >= expires) throw new ApiError(ReportDataCodes.SHARED_LINK_EXPIRED);
  return expires;
}

/** The customer's report page of a valid link, its routine named in `lang`. */
async function reportPageFor(services: SharedLinkDeps, key: string, query: unknown, base: string, lang: LanguageCode): Promise<ReportPage> {
  const expires = checkLink(services, query, 'report', key);
  const { store, links, routines } = services.reportData;
  const row = /^[0-9a-f]{32}$/.test(key) ? await store.reportByPageKey(key) : undefined;
  // A link signed for another expiry than the report's own was never issued by us.
  if (!row || row.page_expires_at !== expires) throw new ApiError(ReportDataCodes.SHARED_LINK_INVALID);
  const fileExpires = Math.min(unixSeconds(services.clock) + FILE_LINK_TTL_SECONDS, row.page_expires_at);
  const names = await store.names(row.merchant_id, row.store_id);
  const page = reportPageOf(row, names, (objectKey) => links.fileUrl(base, objectKey, fileExpires), []);
  return { ...page, routine: await routines.of(row, page.dimensions, lang) };
}

/**
 * Shared links: files of pulled and pushed data (24 hours, specification: Data rules) and the
 * customer's report page. No token: the signature is the credential.
 */
export function registerSharedRoutes(kit: RouteKit, services: SharedLinkDeps): void {
  kit.open<{ Params: { key: string } }>(
    { method: 'GET', url: `${SHARED_FILE_PATH}/:key`, public: 'the link is signed and expires (R-008)', envelope: false },
    async (request, reply) => {
      const key = request.params.key;
      checkLink(services, request.query, 'file', key);
      const upload = await services.uploads.storedFile(key);
      const mime = upload?.mime ?? outputMime(key);
      const stream = mime ? await services.objects.open(key) : null;
      if (!mime || !stream) throw new ApiError(Codes.NOT_FOUND, 'no such file');
      return reply.header('content-type', mime).headers(PRIVATE_ANSWER_HEADERS).send(stream);
    },
  );

  // A broken link query is a refused link (46101), not a parameter error: checkLink reads it.
  kit.route(sharedLinkEndpoints.reportPage, { public: 'the link is signed and expires (R-008)', query: unchecked }, async ({ request, reply, params, query, baseUrl }) => {
    // A phone browser gets the rendered page, every other client the JSON envelope.
    const html = prefersHtml(request.headers.accept);
    // The page, its refusals and the JSON answer alike: the address is the credential.
    void reply.header('vary', 'Accept, Accept-Language').headers(PRIVATE_ANSWER_HEADERS);
    const lang = requestLanguage(request, html);
    let page: ReportPage;
    try {
      page = await reportPageFor(services, params.key, query, baseUrl(), lang);
    } catch (error) {
      if (html && error instanceof ApiError) return sendHtml(reply, renderRefusalPage(error.info.code, lang), error.info.http);
      throw error;
    }
    return html ? sendHtml(reply, renderReportPage(page, lang)) : page;
  });
}
