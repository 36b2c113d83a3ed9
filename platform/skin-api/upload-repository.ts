import type { UploadMethod } from '../../protocol/skin-api/upload-policy.ts';
import type { SqlExecutor } from '../storage/sql.ts';
import { inListChunks } from '../storage/in-list.ts';
import { VALID_ORDER_WHERE } from './order-repository.ts';

/** An upload policy as stored; uploaded_at is set once its file was received whole. */
export interface UploadRow {
  resource_key: string;
  merchant_id: number;
  method: UploadMethod;
  extension: string;
  mime: string;
  max_bytes: number;
  expires_at: number;
  uploaded_at: number | null;
}

export interface NewUpload {
  resourceKey: string;
  merchantId: number;
  appId: string;
  method: UploadMethod;
  extension: string;
  mime: string;
  fileName: string | null;
  maxBytes: number;
  expiresAt: number;
  createdAt: number;
}

/** A received upload's facts. */
export interface StoredUploadRow {
  resource_key: string;
  merchant_id: number;
  mime: string;
  size: number;
}

/** IN-list lengths of markUsed's and of the orphan sweep's statements (in-list.ts). */
const USED_KEY_SIZES = [4, 8, 16];
const NAMED_KEY_SIZES = [4, 8, 16, 32, 64, 128, 200];

/** Upload policies and the files received through them (the uploads table). */
export class UploadRepository {
  constructor(private readonly db: SqlExecutor) {}

  /**
   * Writes the policy's row if its merchant has an order valid at `now`, in one statement (D-090:
   * the check was a query of its own before the insert, one more round trip on every policy);
   * false when it has none and nothing was written.
   */
  async insertForValidOrder(upload: NewUpload, now: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `INSERT INTO uploads (resource_key, merchant_id, app_id, method, extension, mime, file_name, max_bytes, expires_at, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM skin_orders WHERE ${VALID_ORDER_WHERE})`,
      [
        upload.resourceKey, upload.merchantId, upload.appId, upload.method, upload.extension, upload.mime, upload.fileName, upload.maxBytes, upload.expiresAt, upload.createdAt,
        upload.merchantId, now, now,
      ],
    );
    return changes === 1;
  }

  find(resourceKey: string): Promise<UploadRow | undefined> {
    return this.db.one<UploadRow>(
      'SELECT resource_key, merchant_id, method, extension, mime, max_bytes, expires_at, uploaded_at FROM uploads WHERE resource_key = ?',
      [resourceKey],
    );
  }

  /**
   * Records the file of a policy (sha256 null: uploaded straight to the store, never read whole) that has none yet; false when another request recorded one
   * first (a single guarded statement: one policy, one file, across processes too).
   */
  async markUploaded(resourceKey: string, uploadedAt: number, size: number, sha256: string | null): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE uploads SET uploaded_at = ?, size = ?, sha256 = ? WHERE resource_key = ? AND uploaded_at IS NULL', [
      uploadedAt,
      size,
      sha256,
      resourceKey,
    ]);
    return changes === 1;
  }

  /**
   * Records that an accepted task or report names these uploads (run in its transaction, D-096):
   * from then on they follow the report and deletion rules, never the sweep of unused uploads.
   * False when one of them has no row any more (the sweep removed it meanwhile): the caller refuses.
   */
  async markUsed(resourceKeys: readonly string[], now: number): Promise<boolean> {
    const unique = [...new Set(resourceKeys)];
    let marked = 0;
    for (const keys of inListChunks(unique, USED_KEY_SIZES)) {
      // Read first, write only what no task used yet: tasks naming an upload already used (a
      // flood of tasks on one photo) then only read its row, where writing it each time made
      // their SERIALIZABLE transactions conflict and rerun until they gave up.
      const rows = await this.db.all<{ resource_key: string; used_at: number | null }>(`SELECT resource_key, used_at FROM uploads WHERE resource_key IN (${keys.placeholders})`, keys.values);
      const unused = rows.filter((row) => row.used_at === null).map((row) => row.resource_key);
      marked += rows.length - unused.length;
      for (const chunk of inListChunks(unused, USED_KEY_SIZES)) {
        const { changes } = await this.db.run(`UPDATE uploads SET used_at = ? WHERE used_at IS NULL AND resource_key IN (${chunk.placeholders})`, [now, ...chunk.values]);
        marked += changes;
      }
    }
    return marked === unique.length;
  }

  /**
   * Removes up to `limit` rows of policies no task or report used whose expiry is before
   * `expiredBefore`, in one statement; resolves with the keys this call removed. Two sweeps at
   * once each get their own rows (a row is deleted once), and a task marking an upload used at
   * the same moment either wins (the row stays) or finds it gone (markUsed is false).
   */
  async deleteUnusedExpired(expiredBefore: number, limit: number): Promise<string[]> {
    const rows = await this.db.all<{ resource_key: string }>(
      `DELETE FROM uploads WHERE used_at IS NULL AND resource_key IN
         (SELECT resource_key FROM uploads WHERE used_at IS NULL AND expires_at < ? ORDER BY expires_at LIMIT ?)
       RETURNING resource_key`,
      [expiredBefore, limit],
    );
    return rows.map((row) => row.resource_key);
  }

  /** Those of `resourceKeys` a row names (used or not). */
  async named(resourceKeys: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const keys of inListChunks(resourceKeys, NAMED_KEY_SIZES)) {
      const rows = await this.db.all<{ resource_key: string }>(`SELECT resource_key FROM uploads WHERE resource_key IN (${keys.placeholders})`, keys.values);
      for (const row of rows) found.add(row.resource_key);
    }
    return found;
  }

  /** A received file, or undefined when the key names none. */
  findStored(resourceKey: string): Promise<StoredUploadRow | undefined> {
    return this.db.one<StoredUploadRow>('SELECT resource_key, merchant_id, mime, size FROM uploads WHERE resource_key = ? AND uploaded_at IS NOT NULL', [resourceKey]);
  }
}

