/**
 * The kiosk's durable store: one typed data module over SQLite (kiosk.sqlite) and the captures
 * directory. One writer: the main process owns it; the renderer reaches it through the kiosk API.
 * Durability argument: docs/kiosk-core.md, "Durability".
 */
import { rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { View } from '../../protocol/skin-api/api-codes.ts';
import type { PersistedState, SkinCondition } from '../capture/session-types.ts';
import type { ProfileKind } from '../config/device-config.ts';
import type { StoreConfig } from '../config/store-config.ts';
import { absoluteCapturePath, commitCapture, listCaptureRows, relativeCapturePath, toCaptureRecord } from './captures.ts';
import { deleteCustomerRows, findCustomerByCustomId, getCustomer, insertCustomer, recordConsent, updateCustomerProfile } from './customers.ts';
import type { DeletedCustomerData } from './customers.ts';
import { openStoreDatabase } from './database.ts';
import type { Db } from './database.ts';
import { asDiskError } from './disk-errors.ts';
import { ensureDir, nodeDurableFs, writeDurable } from '../../common/node/durable-file.ts';
import type { DurableFs } from '../../common/node/durable-file.ts';
import { uuidv7 } from './ids.ts';
import { recoverCaptures } from './recovery.ts';
import type { RecoveryReport } from './recovery.ts';
import { previousFaceOutline, saveFaceOutline } from './face-outlines.ts';
import type { FaceOutline } from './face-outlines.ts';
import { deleteExpiredCaptureRows } from './retention.ts';
import { attachCustomer, getSession, insertSession, openSession, setSessionState } from './sessions.ts';
import type { CaptureRecord, CustomerRecord, NewCapture, NewCustomer, SessionRecord } from './types.ts';
import { StoreError } from './types.ts';

export interface KioskStoreOptions extends Pick<StoreConfig, 'dataDir' | 'verifyHashesOnStartup'> {
  /** Unix ms; injectable for retention tests. */
  readonly now?: () => number;
  /** The file calls of capture writes; tests inject disk failures here. Default node:fs. */
  readonly fs?: DurableFs;
}

export class KioskStore {
  /** What the startup recovery found and did. */
  readonly recovery: RecoveryReport;
  private readonly now: () => number;
  private readonly fs: DurableFs;

  private constructor(
    readonly db: Db,
    /** The data directory; technician messages about the disk name it. */
    readonly dataDir: string,
    /** The captures directory: <dataDir>/captures. */
    readonly capturesDir: string,
    recovery: RecoveryReport,
    now: () => number,
    fs: DurableFs,
  ) {
    this.recovery = recovery;
    this.now = now;
    this.fs = fs;
  }

  /** Opens the database, migrates it and runs the recovery pass before anything is written. */
  static async open(options: KioskStoreOptions): Promise<KioskStore> {
    const db = openStoreDatabase(join(options.dataDir, 'kiosk.sqlite'));
    const capturesDir = join(options.dataDir, 'captures');
    try {
      await ensureDir(capturesDir);
      const recovery = await recoverCaptures(db, capturesDir, options.verifyHashesOnStartup);
      return new KioskStore(db, options.dataDir, capturesDir, recovery, options.now ?? Date.now, options.fs ?? nodeDurableFs);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }

  // Customers

  createCustomer(input: NewCustomer): CustomerRecord {
    return insertCustomer(this.db, input, this.now());
  }

  getCustomer(id: string): CustomerRecord | null {
    return getCustomer(this.db, id);
  }

  findCustomerByCustomId(customId: string): CustomerRecord | null {
    return findCustomerByCustomId(this.db, customId);
  }

  updateCustomerProfile(id: string, input: NewCustomer): void {
    updateCustomerProfile(this.db, id, input, this.now());
  }

  recordConsent(customerId: string, agreed: readonly string[], refused: readonly string[] = []): void {
    recordConsent(this.db, customerId, agreed, refused, this.now());
  }

  /** Deletes every row of the customer, then their image files (a crash in between leaves orphans the recovery removes). */
  async deleteCustomerData(customerId: string): Promise<DeletedCustomerData> {
    const deleted = deleteCustomerRows(this.db, customerId);
    await this.unlinkAll(deleted.files);
    return deleted;
  }

  // Sessions

  createSession(profile: ProfileKind): SessionRecord {
    return insertSession(this.db, uuidv7(this.now()), profile, this.now());
  }

  getSession(id: string): SessionRecord | null {
    return getSession(this.db, id);
  }

  setSessionState(id: string, state: PersistedState): void {
    setSessionState(this.db, id, state, this.now());
  }

  attachCustomer(sessionId: string, input: { customerId: string; skinCondition: SkinCondition; consentClauseIds: readonly string[]; rejectedClauseIds?: readonly string[] }): void {
    attachCustomer(this.db, sessionId, input, this.now());
  }

  // Captures

  /**
   * Writes the JPEG durably (temp, fsync, rename, fsync dir), then records it and touches the
   * session in one transaction. A retake of the same (view, light) replaces the row atomically
   * and its old file is removed after the commit. A full or failing disk (ENOSPC in the write,
   * SQLITE_FULL in the commit) is a StoreDiskError with the technician message; the write or the
   * commit is undone first, so no temp file, no file and no row remain of this capture.
   */
  async saveCapture(input: NewCapture): Promise<CaptureRecord> {
    if (input.jpeg.length < 4 || input.jpeg[0] !== 0xff || input.jpeg[1] !== 0xd8) throw new StoreError('not_jpeg', 'a capture must be JPEG bytes (no SOI marker)');
    openSession(this.db, input.sessionId);
    const id = uuidv7(this.now());
    const filePath = relativeCapturePath(input.sessionId, input.view, input.light, id);
    let file;
    try {
      file = await writeDurable(absoluteCapturePath(this.capturesDir, filePath), input.jpeg, this.fs);
    } catch (error) {
      throw asDiskError(error, this.dataDir) ?? error;
    }
    let committed;
    try {
      committed = commitCapture(this.db, {
        id,
        session_id: input.sessionId,
        view: input.view,
        light: input.light,
        file_path: filePath,
        sha256: file.sha256,
        width: input.width,
        height: input.height,
        bytes: file.bytes,
        captured_at: this.now(),
      });
    } catch (error) {
      // Not committed (the session was cancelled meanwhile, or SQLITE_FULL): the file must not outlive it.
      await this.fs.unlink(file.path).catch(() => undefined);
      throw asDiskError(error, this.dataDir) ?? error;
    }
    if (committed.replacedFile) await this.unlinkAll([committed.replacedFile]);
    return toCaptureRecord(this.capturesDir, committed.row);
  }

  listCaptures(sessionId: string): CaptureRecord[] {
    return listCaptureRows(this.db, sessionId).map((row) => toCaptureRecord(this.capturesDir, row));
  }

  // Face outlines (migration 003)

  /** The face outline of a view, recorded with the view's first still (a retake replaces it). */
  saveFaceOutline(sessionId: string, view: View, outline: FaceOutline): void {
    saveFaceOutline(this.db, sessionId, view, outline, this.now());
  }

  /** The view's outline from the customer's latest other finished session, or null. */
  previousFaceOutline(customerId: string, exceptSessionId: string, view: View): FaceOutline | null {
    return previousFaceOutline(this.db, customerId, exceptSessionId, view);
  }

  // Retention

  /** Deletes captures past retention (see retention.ts); returns how many. */
  async applyRetention(retentionDays: number): Promise<number> {
    const expired = deleteExpiredCaptureRows(this.db, retentionDays, this.now());
    await this.unlinkAll(expired.files);
    return expired.captures;
  }

  private async unlinkAll(files: readonly string[]): Promise<void> {
    const dirs = new Set<string>();
    for (const file of files) {
      await unlink(absoluteCapturePath(this.capturesDir, file)).catch(() => undefined);
      dirs.add(file.split('/')[0]!);
    }
    // rmdir only succeeds on an empty directory: a session that still has images keeps its own.
    for (const dir of dirs) await rmdir(join(this.capturesDir, dir)).catch(() => undefined);
  }
}
