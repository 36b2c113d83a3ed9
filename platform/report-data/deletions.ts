import type { Deletion, DeletionResponse } from '../../protocol/device-sync/deletions.ts';
import { resourceKeyInPath } from '../skin-api/resource-address.ts';
import type { Clock } from '../clock.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import { outputKeys, reportFileKeys } from '../skin-api/output-keys.ts';
import type { SqlDatabase, SqlExecutor } from '../storage/sql.ts';
import { DeletionRepository } from './deletion-repository.ts';
import type { ReportRow, ReportRepository } from './report-repository.ts';

/** Listed files read at once: a merchant's removal lists every file it had (D-135). */
const LISTED_FILES_PAGE = 500;

/**
 * POST /device_api/deletions (decision R-019): a customer's data deleted on request. One
 * transaction removes the user, their reports, the push events that carry their data, records
 * the kiosk ids as deleted (they are refused from then on: 46208) and lists the files to remove;
 * the files go after the commit. A crash in between leaves the list, which start() finishes, so
 * a committed deletion always loses its files too. Analysis task records stay (quota and
 * idempotency rely on them; they hold no name, phone or e-mail), their output files do not.
 */
export class DeletionService {
  private readonly repository: DeletionRepository;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly store: ReportRepository,
    private readonly objects: ObjectStore,
  ) {
    this.repository = new DeletionRepository(db);
  }

  /** input: the body as its protocol schema parsed it (the route kit). */
  async delete(merchantId: number, input: Deletion): Promise<DeletionResponse> {
    const now = this.clock.now();
    const { counts, files } = await this.db.transaction((tx) => this.deleteRows(tx, merchantId, input, now));
    // Only this request's files: the list may also hold another tenant's (an operator's merchant
    // removal, D-135), which the background pass removes, not a customer's request.
    return { deleted: { ...counts, files: await this.removeFiles(files) } };
  }

  /**
   * Removes every file a committed deletion listed (a customer's whose request ended before its
   * files went, or an operator's merchant removal, D-135), a page at a time, until the list is
   * empty or `stopping()` says so; returns how many it took off the list (files already gone
   * included). A page is one request to the store (`deleteMany`, D-139) and one statement. A file
   * the store refuses to delete stays listed and the pass goes on past it, then fails naming it,
   * so it is logged and tried again at the next pass. Safe to repeat, and on several nodes at once.
   */
  async removePendingFiles(stopping: () => boolean = () => false): Promise<number> {
    let removed = 0;
    const refused: string[] = [];
    let after = '';
    for (;;) {
      const keys = await this.repository.listedFiles(LISTED_FILES_PAGE, after);
      const kept = new Set(await this.objects.deleteMany(keys));
      const gone = keys.filter((key) => !kept.has(key));
      await this.repository.unlistFiles(gone);
      removed += gone.length;
      refused.push(...kept);
      after = keys.at(-1) ?? after;
      if (keys.length < LISTED_FILES_PAGE || stopping()) break;
    }
    if (refused.length > 0) throw new Error(`the object store refused to delete ${refused.length} listed file(s), e.g. ${refused[0]}; ${removed} removed`);
    return removed;
  }

  /**
   * Removes a request's listed files from the store, then from the list; how many existed (the
   * answer counts them, so a file at a time: a customer's request lists tens).
   */
  private async removeFiles(keys: readonly string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      if (await this.objects.exists(key)) {
        await this.objects.delete(key);
        removed += 1;
      }
      await this.repository.unlistFile(key);
    }
    return removed;
  }

  private async deleteRows(tx: SqlExecutor, merchantId: number, input: Deletion, now: number) {
    const user = input.client_user_id === undefined ? undefined : await this.store.userByClientId(merchantId, input.client_user_id, tx);
    const reports = new Map<number, ReportRow>();
    if (user) for (const report of await this.store.reportsOfUser(user.id, tx)) reports.set(report.id, report);
    for (const clientReportId of input.client_report_ids) {
      const report = await this.store.reportByClientId(merchantId, clientReportId, tx);
      if (report) reports.set(report.id, report);
    }

    const keys = new Set<string>();
    const taskIds = new Set(input.task_ids);
    for (const report of reports.values()) {
      for (const key of reportFileKeys(report)) keys.add(key);
      if (report.task_id) taskIds.add(report.task_id);
    }
    for (const taskId of taskIds) {
      const task = await this.repository.task(tx, merchantId, taskId);
      if (!task) continue;
      for (const key of outputKeys(task.result)) keys.add(key);
      const resources = (JSON.parse(task.request) as { resources?: Record<string, string> }).resources ?? {};
      for (const url of Object.values(resources)) await this.addUpload(tx, merchantId, url, keys);
    }
    for (const url of input.resource_urls) await this.addUpload(tx, merchantId, url, keys);

    let pushEvents = 0;
    for (const report of reports.values()) {
      // Report events of this report only (a report deleted without its customer): the event's
      // data is the report item, whose id is the report's number.
      const events = await this.repository.eventsOfUser(tx, report.user_id, { sourceType: report.source_type });
      for (const event of events.filter((e) => itemId(e.data) === report.report_no)) {
        await this.repository.deleteEvent(tx, event.id);
        pushEvents += 1;
      }
      await this.repository.deleteReport(tx, report.id);
      await this.repository.tombstone(tx, { merchantId, kind: 'report', clientId: report.client_report_id, sourceType: report.source_type, number: report.report_no, now });
    }
    for (const clientReportId of input.client_report_ids) await this.repository.tombstone(tx, { merchantId, kind: 'report', clientId: clientReportId, sourceType: '', number: null, now });
    if (user) {
      for (const event of await this.repository.eventsOfUser(tx, user.id)) {
        await this.repository.deleteEvent(tx, event.id);
        pushEvents += 1;
      }
      await this.repository.deleteUser(tx, user.id);
    }
    if (input.client_user_id !== undefined) await this.repository.tombstone(tx, { merchantId, kind: 'user', clientId: input.client_user_id, sourceType: '', number: user?.user_no ?? null, now });

    // A file another (kept) report still shows stays: only this request's data goes.
    const files: string[] = [];
    for (const key of keys) if (!(await this.repository.stillUsed(tx, merchantId, key))) files.push(key);
    await this.repository.listFiles(tx, files, now);

    return { counts: { users: user ? 1 : 0, reports: reports.size, push_events: pushEvents }, files };
  }

  private async addUpload(tx: SqlExecutor, merchantId: number, url: string, keys: Set<string>): Promise<void> {
    const key = resourceKeyInPath(url);
    if (key !== null && (await this.repository.uploadOwner(tx, key)) === merchantId) keys.add(key);
  }
}

/** The `id` of an event's JSON data (a report item's number), or undefined. */
function itemId(data: string): unknown {
  const value: unknown = JSON.parse(data);
  return typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
}
