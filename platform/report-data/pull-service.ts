import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from '../../protocol/device-sync/shared-links.ts';
import type { PullResponse } from '../../protocol/report-data/pull-response.ts';
import { invalidParam } from '../http/api-error.ts';
import type { Region } from '../../protocol/regions.ts';
import type { Clock } from '../clock.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import type { IntegrationRepository } from './integration-repository.ts';
import type { LinkSigner } from './links.ts';
import { authenticatePull, type PullCaller } from './pull-auth.ts';
import { reportItemOf, userItemOf } from './presenter.ts';
import type { ReportRow, ReportRepository, UserRow } from './report-repository.ts';

/**
 * The pages of GET /data/lists.json (decision R-006). Items are walked in insert order (the
 * rows' AUTOINCREMENT id), filtered by begin <= created_at < end: an item stored after the walk
 * began lands after the cursor whatever its created_at, so it is neither skipped nor repeated.
 * Ids become visible in increasing order: SQLite has one writer, and on PostgreSQL the
 * transactions that insert users or reports take their ids one at a time (D-059,
 * ReportRepository.inserting), so no reader can pass an id whose row commits later.
 *
 * next is `<last id>.<mac>`, the mac an HMAC over the id and the query's parameters, so a
 * cursor is refused (400) with other parameters and cannot be forged; '' when no item follows.
 */
export class PullService {
  constructor(
    private readonly db: SqlDatabase,
    private readonly store: ReportRepository,
    private readonly apps: IntegrationRepository,
    private readonly links: LinkSigner,
    private readonly cursorKey: Buffer,
    private readonly clock: Clock,
    private readonly region: Region,
  ) {}

  /** The caller of a pull, from the query string as sent (pull-auth.ts). */
  authenticate(rawQuery: string): Promise<PullCaller> {
    return authenticatePull(this.apps, this.clock, this.region, rawQuery);
  }

  async page(caller: PullCaller, baseUrl: string, nowSeconds: number): Promise<PullResponse> {
    const { query } = caller;
    const after = query.next ? this.decode(caller, query.next) : 0;
    const range = [query.begin * 1000, query.end * 1000] as const;
    const fileExpires = nowSeconds + FILE_LINK_TTL_SECONDS;
    const fileUrl = (key: string) => this.links.fileUrl(baseUrl, key, fileExpires);
    const take = query.limit + 1;

    const sourceType = query.source_type;
    if (query.data_type === 'report' && sourceType === undefined) throw invalidParam('query.source_type: required when data_type is report');
    // One walk per merchant, merged by id: each merchant's walk follows its own index in order.
    // The walks read one snapshot (one transaction): a row committed between two of them could
    // otherwise fall below the cursor of a page that shows a later id of another merchant.
    const rows: (UserRow | ReportRow)[] = await this.db.transaction(async (tx) => {
      const walked: (UserRow | ReportRow)[] = [];
      for (const merchantId of caller.merchantIds) {
        walked.push(
          ...(sourceType === undefined || query.data_type === 'user'
            ? await this.store.pullUsers(tx, merchantId, after, ...range, take)
            : await this.store.pullReports(tx, merchantId, sourceType, query.skin_mode, after, ...range, take)),
        );
      }
      return walked;
    });
    rows.sort((a, b) => a.id - b.id);
    const page = rows.slice(0, query.limit);
    const lists =
      query.data_type === 'user'
        ? (page as UserRow[]).map(userItemOf)
        : (page as ReportRow[]).map((row) => reportItemOf(row, fileUrl, this.links.reportUrl(baseUrl, row.page_key, row.page_expires_at)));
    const last = page[page.length - 1];
    return { next: rows.length > query.limit && last ? this.encode(caller, last.id) : '', lists };
  }

  private binding(caller: PullCaller, id: number): string {
    const q = caller.query;
    const scope = [caller.appId, q.data_type, q.data_type === 'report' ? (q.source_type ?? '') : '', q.begin, q.end, q.merchant_id ?? '', q.skin_mode ?? ''];
    return createHmac('sha256', this.cursorKey).update(`pull-cursor\n${JSON.stringify(scope)}\n${id}`).digest('base64url').slice(0, 22);
  }

  private encode(caller: PullCaller, id: number): string {
    return `${id}.${this.binding(caller, id)}`;
  }

  private decode(caller: PullCaller, next: string): number {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(next);
    const id = match ? Number(match[1]) : NaN;
    const expected = Number.isSafeInteger(id) ? Buffer.from(this.binding(caller, id)) : Buffer.alloc(0);
    const given = Buffer.from(match?.[2] ?? '');
    if (expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw invalidParam('query.next: not a cursor of this query (a cursor is valid only with the same parameters)');
    }
    return id;
  }
}
