import type { TaskRow } from '../skin-api/task-repository.ts';
import type { StoredFile } from '../skin-api/upload-service.ts';
import type { Db } from '../storage/database.ts';

/*
 * Interim, until report data moves to SqlDatabase (issue 14, part H4): the report-data services
 * still read tasks and uploads inside synchronous better-sqlite3 transactions, where the now
 * async TaskService.find and UploadService.storedFile cannot be awaited. Inside an async
 * transaction, use `new TaskRepository(tx).find(…)` and `new UploadRepository(tx).findStored(…)`
 * instead, and delete this file.
 */

/** A task of this merchant, or undefined. */
export function taskOfMerchant(db: Db, merchantId: number, taskId: string): TaskRow | undefined {
  return db.prepare('SELECT * FROM tasks WHERE id = ? AND merchant_id = ?').get(taskId, merchantId) as TaskRow | undefined;
}

/** A received upload, or undefined when the key names none. */
export function storedUpload(db: Db, resourceKey: string): StoredFile | undefined {
  const row = db.prepare('SELECT resource_key, merchant_id, mime, size FROM uploads WHERE resource_key = ? AND uploaded_at IS NOT NULL').get(resourceKey) as
    | { resource_key: string; merchant_id: number; mime: string; size: number }
    | undefined;
  return row && { resourceKey: row.resource_key, merchantId: row.merchant_id, mime: row.mime, size: row.size };
}
