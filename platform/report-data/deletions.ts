import type { Deletion, DeletionResponse } from '../../protocol/device-sync/deletions.ts';
import { resourceKeyInPath } from '../skin-api/resource-address.ts';
import type { Clock } from '../clock.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import { OUTPUT_PATH } from '../skin-api/task-presenter.ts';
import type { UploadService } from '../skin-api/upload-service.ts';
import type { Db } from '../storage/database.ts';
import type { ReportRow, ReportStore } from './store.ts';
import { storedUpload } from './skin-rows-sync.ts';

/**
 * POST /device_api/deletions (decision R-019): a customer's data deleted on request. One
 * transaction removes the user, their reports, the push events that carry their data, records
 * the kiosk ids as deleted (they are refused from then on: 46208) and lists the files to remove;
 * the files go after the commit. A crash in between leaves the list, which start() finishes, so
 * a committed deletion always loses its files too. Analysis task records stay (quota and
 * idempotency rely on them; they hold no name, phone or e-mail), their output files do not.
 */
export class DeletionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: ReportStore,
    private readonly uploads: UploadService,
    private readonly objects: ObjectStore,
  ) {}

  /** input: the body as its protocol schema parsed it (the route kit). */
  async delete(merchantId: number, input: Deletion): Promise<DeletionResponse> {
    const deleted = this.db.transaction(() => this.deleteRows(merchantId, input)).immediate();
    return { deleted: { ...deleted, files: await this.removePendingFiles() } };
  }

  /** Removes every file a committed deletion listed; returns how many existed. Safe to repeat. */
  async removePendingFiles(): Promise<number> {
    const keys = (this.db.prepare('SELECT object_key FROM object_deletions ORDER BY requested_at').all() as { object_key: string }[]).map((r) => r.object_key);
    let removed = 0;
    for (const key of keys) {
      if (await this.objects.exists(key)) {
        await this.objects.delete(key);
        removed += 1;
      }
      this.db.prepare('DELETE FROM object_deletions WHERE object_key = ?').run(key);
    }
    return removed;
  }

  private deleteRows(merchantId: number, input: Deletion) {
    const now = this.clock.now();
    const user = input.client_user_id === undefined ? undefined : this.store.userByClientId(merchantId, input.client_user_id);
    const reports = new Map<number, ReportRow>();
    if (user) for (const report of this.store.reportsOfUser(user.id)) reports.set(report.id, report);
    for (const clientReportId of input.client_report_ids) {
      const report = this.store.reportByClientId(merchantId, clientReportId);
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
      const task = this.db.prepare('SELECT request, result FROM tasks WHERE id = ? AND merchant_id = ?').get(taskId, merchantId) as { request: string; result: string | null } | undefined;
      if (!task) continue;
      for (const key of outputKeys(task.result)) keys.add(key);
      const resources = (JSON.parse(task.request) as { resources?: Record<string, string> }).resources ?? {};
      for (const url of Object.values(resources)) this.addUpload(merchantId, url, keys);
    }
    for (const url of input.resource_urls) this.addUpload(merchantId, url, keys);

    let pushEvents = 0;
    for (const report of reports.values()) {
      // Report events of this report only (a report deleted without its customer).
      pushEvents += this.deleteEvents(
        "SELECT id FROM push_events WHERE user_id = ? AND data_type = 'report' AND source_type = ? AND json_extract(data, '$.id') = ?",
        report.user_id, report.source_type, report.report_no,
      );
      this.db.prepare('DELETE FROM reports WHERE id = ?').run(report.id);
      this.tombstone(merchantId, 'report', report.client_report_id, report.source_type, report.report_no, now);
    }
    for (const clientReportId of input.client_report_ids) this.tombstone(merchantId, 'report', clientReportId, '', null, now);
    if (user) {
      pushEvents += this.deleteEvents('SELECT id FROM push_events WHERE user_id = ?', user.id);
      this.db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    }
    if (input.client_user_id !== undefined) this.tombstone(merchantId, 'user', input.client_user_id, '', user?.user_no ?? null, now);

    // A file another (kept) report still shows stays: only this request's data goes.
    const insert = this.db.prepare('INSERT OR IGNORE INTO object_deletions (object_key, requested_at) VALUES (?, ?)');
    for (const key of keys) if (!this.stillUsed(merchantId, key)) insert.run(key, now);

    return { users: user ? 1 : 0, reports: reports.size, push_events: pushEvents };
  }

  private addUpload(merchantId: number, url: string, keys: Set<string>): void {
    const key = resourceKeyInPath(url);
    const file = key === null ? undefined : storedUpload(this.db, key);
    if (file && file.merchantId === merchantId) keys.add(file.resourceKey);
  }

  private stillUsed(merchantId: number, key: string): boolean {
    // Object keys are 32 random hex digits plus an extension: a substring match is exact enough.
    return this.db.prepare("SELECT 1 FROM reports WHERE merchant_id = ? AND (images LIKE ? ESCAPE '\\' OR result LIKE ? ESCAPE '\\') LIMIT 1").get(merchantId, `%${escapeLike(key)}%`, `%${escapeLike(key)}%`) !== undefined;
  }

  private deleteEvents(select: string, ...args: unknown[]): number {
    const ids = (this.db.prepare(select).all(...args) as { id: number }[]).map((r) => r.id);
    for (const id of ids) {
      this.db.prepare('DELETE FROM push_attempts WHERE event_id = ?').run(id);
      this.db.prepare('DELETE FROM push_events WHERE id = ?').run(id);
    }
    return ids.length;
  }

  private tombstone(merchantId: number, kind: 'user' | 'report', clientId: string, sourceType: string, number: number | null, now: number): void {
    this.db
      .prepare(
        `INSERT INTO deleted_clients (merchant_id, kind, client_id, source_type, number, deleted_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (merchant_id, kind, client_id) DO UPDATE SET
           source_type = CASE WHEN excluded.number IS NULL THEN source_type ELSE excluded.source_type END,
           number = COALESCE(excluded.number, number)`,
      )
      .run(merchantId, kind, clientId, sourceType, number, now);
  }
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
