import type { Deletion, DeletionResponse } from '../../protocol/device-sync/deletions.ts';
import { resourceKeyInPath } from '../skin-api/resource-address.ts';
import type { Clock } from '../clock.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import { OUTPUT_PATH } from '../skin-api/task-presenter.ts';
import type { SqlDatabase, SqlExecutor } from '../storage/sql.ts';
import { DeletionRepository } from './deletion-repository.ts';
import type { ReportRow, ReportRepository } from './report-repository.ts';

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
    const deleted = await this.db.transaction((tx) => this.deleteRows(tx, merchantId, input, now));
    return { deleted: { ...deleted, files: await this.removePendingFiles() } };
  }

  /** Removes every file a committed deletion listed; returns how many existed. Safe to repeat. */
  async removePendingFiles(): Promise<number> {
    let removed = 0;
    for (const key of await this.repository.listedFiles()) {
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
      for (const key of Object.values(JSON.parse(report.images) as Record<string, string>)) keys.add(key);
      for (const key of outputKeys(report.result)) keys.add(key);
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
    for (const key of keys) if (!(await this.repository.stillUsed(tx, merchantId, key))) await this.repository.listFile(tx, key, now);

    return { users: user ? 1 : 0, reports: reports.size, push_events: pushEvents };
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

/** Object keys of the analysis outputs a task result names (`/skin_api/file/output/<key>`). */
function outputKeys(resultJson: string | null): string[] {
  if (!resultJson) return [];
  const marker = `${OUTPUT_PATH}/`;
  const keys: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith(marker)) keys.push(value.slice(marker.length));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(resultJson));
  return keys;
}
