import type { UploadMethod } from '../../protocol/skin-api/upload-policy.ts';
import type { SqlExecutor } from '../storage/sql.ts';
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

  /** A received file, or undefined when the key names none. */
  findStored(resourceKey: string): Promise<StoredUploadRow | undefined> {
    return this.db.one<StoredUploadRow>('SELECT resource_key, merchant_id, mime, size FROM uploads WHERE resource_key = ? AND uploaded_at IS NOT NULL', [resourceKey]);
  }
}
