/**
 * The kiosk's durable store: one typed data module over SQLite (kiosk.sqlite) and the captures
 * directory. One writer: the main process owns it; the renderer reaches it through the kiosk API.
 * Durability argument: docs/kiosk-core.md, "Durability".
 *
 * The database handle is private (D-043): customers, sessions and captures are methods here, the
 * sync queues, settings and catalogue cache are repositories (`outbox`, `userSync`, `deletions`,
 * `settings`, `catalogue`), and no SQL lives outside main/store (test/unit/kiosk/data-module.test.ts).
 */
import type { PhoneNumber } from '../../common/kiosk/phone.ts';
import { rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { View } from '../../protocol/skin-api/api-codes.ts';
import type { EndReason, PersistedState, SkinCondition } from '../capture/session-types.ts';
import type { ProfileKind } from '../config/device-config.ts';
import type { StoreConfig } from '../config/store-config.ts';
import { absoluteCapturePath, commitCapture, deleteSessionCaptureRows, listCaptureRows, relativeCapturePath, toCaptureRecord } from './captures.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { deleteCustomerRows, findCustomerByCustomId, getCustomer, hasCustomerWithPhone, insertCustomer, recordConsent, searchCustomers, updateCustomerProfile } from './customers.ts';
import type { DeletedCustomerData } from './customers.ts';
import { openStoreDatabase } from './database.ts';
import type { Db } from './database.ts';
import { DeletionRepository } from './deletions.ts';
import { asDiskError } from './disk-errors.ts';
import { ensureDir, nodeDurableFs, writeDurable } from '../../common/node/durable-file.ts';
import type { DurableFs } from '../../common/node/durable-file.ts';
import { uuidv7 } from './ids.ts';
import { recoverCaptures } from './recovery.ts';
import { ReportEmailRepository } from './report-emails.ts';
import type { RecoveryReport } from './recovery.ts';
import { deleteFaceOutlines, faceOutlineOf, previousFaceOutline, saveFaceOutline } from './face-outlines.ts';
import type { FaceOutline } from './face-outlines.ts';
import { OutboxRepository } from './outbox.ts';
import { deleteExpiredCaptureRows } from './retention.ts';
import { analysedSessions, attachCustomer, deleteSessionRows, getSession, insertSession, openSession, openSessions, sessionIdsOfCustomer, sessionsCreatedBetween, setSessionState } from './sessions.ts';
import type { AnalysedSession, SessionListRow } from './sessions.ts';
import { SettingsRepository } from './settings.ts';
import type { CaptureRecord, CustomerRecord, NewCapture, NewCustomer, SessionRecord } from './types.ts';
import { StoreError } from './types.ts';
import { UserSyncRepository } from './user-sync.ts';

export interface KioskStoreOptions extends Pick<StoreConfig, 'dataDir' | 'verifyHashesOnStartup'> {
  /** Unix ms; injectable for retention tests. */
  readonly now?: () => number;
  /** The file calls of capture writes; tests inject disk failures here. Default node:fs. */
  readonly fs?: DurableFs;
  /**
   * Caps the database file at this many pages (SQLite max_page_count), as a full disk would: the
   * disk-full tests reach a real SQLITE_FULL this way. Default: no cap.
   */
  readonly maxDatabasePages?: number;
}

export class KioskStore {
  /** What the startup recovery found and did. */
  readonly recovery: RecoveryReport;
  /** The session outbox: sync jobs, their uploads, and the schedule of every sync queue. */
  readonly outbox: OutboxRepository;
  /** Customer registrations with the platform. */
  readonly userSync: UserSyncRepository;
  /** Deletions on request the platform has still to carry out. */
  readonly deletions: DeletionRepository;
  /** Settings changed at the kiosk. */
  readonly settings: SettingsRepository;
  /** The catalogue as last read from the platform. */
  readonly catalogue: CatalogueCache;
  /** Report links the customers asked to receive by e-mail (D-067). */
  readonly reportEmails: ReportEmailRepository;
  /** Never exported nor exposed: every read and write goes through this module (D-043). */
  readonly #db: Db;
  private readonly now: () => number;
  private readonly fs: DurableFs;

  private constructor(
    db: Db,
    /** The data directory; technician messages about the disk name it. */
    readonly dataDir: string,
    /** The captures directory: <dataDir>/captures. */
    readonly capturesDir: string,
    recovery: RecoveryReport,
    now: () => number,
    fs: DurableFs,
  ) {
    this.#db = db;
    this.recovery = recovery;
    this.now = now;
    this.fs = fs;
    this.deletions = new DeletionRepository(db);
    this.outbox = new OutboxRepository(db, this.deletions);
    this.userSync = new UserSyncRepository(db);
    this.settings = new SettingsRepository(db);
    this.catalogue = new CatalogueCache(db);
    this.reportEmails = new ReportEmailRepository(db);
  }

  /** Opens the database, migrates it and runs the recovery pass before anything is written. */
  static async open(options: KioskStoreOptions): Promise<KioskStore> {
    const db = openStoreDatabase(join(options.dataDir, 'kiosk.sqlite'));
    if (options.maxDatabasePages !== undefined) db.pragma(`max_page_count = ${Math.floor(options.maxDatabasePages)}`);
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

  /** Closes the database; closing twice is harmless. */
  close(): void {
    if (this.#db.open) this.#db.close();
  }

  /** SQLite's quick_check verdict ('ok' or what is wrong) and how many captures recovery flagged. */
  checkIntegrity(): { readonly database: string; readonly flaggedCaptures: number } {
    const database = String(this.#db.pragma('quick_check', { simple: true }));
    const flagged = this.#db.prepare("SELECT COUNT(*) AS n FROM captures WHERE integrity <> 'ok'").get() as { n: number };
    return { database, flaggedCaptures: flagged.n };
  }

  // Customers

  createCustomer(input: NewCustomer): CustomerRecord {
    return insertCustomer(this.#db, input, this.now());
  }

  getCustomer(id: string): CustomerRecord | null {
    return getCustomer(this.#db, id);
  }

  findCustomerByCustomId(customId: string): CustomerRecord | null {
    return findCustomerByCustomId(this.#db, customId);
  }

  updateCustomerProfile(id: string, input: NewCustomer): void {
    updateCustomerProfile(this.#db, id, input, this.now());
  }

  recordConsent(customerId: string, agreed: readonly string[], refused: readonly string[] = []): void {
    recordConsent(this.#db, customerId, agreed, refused, this.now());
  }

  /**
   * Registers a customer with this visit's consent, as one change. A CRM customer chosen again
   * is the customer registered on the earlier visit (same merchant number): one history, one
   * outline, one platform user; the profile is refreshed.
   */
  registerCustomer(input: NewCustomer, agreed: readonly string[], refused: readonly string[]): CustomerRecord {
    return this.#db
      .transaction(() => {
        const known = input.customId ? findCustomerByCustomId(this.#db, input.customId) : null;
        const id = known?.id ?? insertCustomer(this.#db, input, this.now()).id;
        if (known) updateCustomerProfile(this.#db, known.id, input, this.now());
        recordConsent(this.#db, id, agreed, refused, this.now());
        return getCustomer(this.#db, id)!;
      })
      .immediate();
  }

  /** Whether a customer registered here has this mobile number (D-131). */
  hasCustomerWithPhone(phone: PhoneNumber): boolean {
    return hasCustomerWithPhone(this.#db, phone);
  }

  /** One page of the customers matching the keyword (name, phone, e-mail, merchant number), and the total. */
  searchCustomers(keyword: string, page: { limit: number; offset: number }): { customers: CustomerRecord[]; total: number } {
    return searchCustomers(this.#db, keyword, page);
  }

  /**
   * Deletion on request: the customer's rows go and the platform's copy is queued in one
   * transaction, then their image files (a crash in between leaves orphans the recovery removes).
   */
  async deleteCustomerData(customerId: string): Promise<DeletedCustomerData> {
    const deleted = this.#db
      .transaction(() => {
        if (!getCustomer(this.#db, customerId)) throw new StoreError('customer_not_found', `no customer ${customerId}`);
        // Before the rows: it reads the sync rows that cascade with them.
        this.deletions.queueCustomer(customerId, this.now());
        return deleteCustomerRows(this.#db, customerId);
      })
      .immediate();
    await this.unlinkAll(deleted.files);
    return deleted;
  }

  /** Deletion on request of one session, as for a customer; false when there is no such session. */
  async deleteSessionData(sessionId: string): Promise<boolean> {
    const files = this.#db
      .transaction(() => {
        if (!getSession(this.#db, sessionId)) return null;
        this.deletions.queueSession(sessionId, this.now());
        return deleteSessionRows(this.#db, sessionId);
      })
      .immediate();
    if (!files) return false;
    await this.unlinkAll(files);
    return true;
  }

  /**
   * A session the customer discarded (Cancel, or left untouched): its photos and face outlines go
   * now, not at retention (D-047); the session row stays, cancelled. Rows first, in one
   * transaction, then the files, as every deletion here. Answers how many photos went.
   */
  async discardSessionPhotos(sessionId: string): Promise<number> {
    const files = this.#db
      .transaction(() => {
        deleteFaceOutlines(this.#db, sessionId);
        return deleteSessionCaptureRows(this.#db, sessionId);
      })
      .immediate();
    await this.unlinkAll(files);
    return files.length;
  }

  // Sessions

  createSession(profile: ProfileKind): SessionRecord {
    return insertSession(this.#db, uuidv7(this.now()), profile, this.now());
  }

  getSession(id: string): SessionRecord | null {
    return getSession(this.#db, id);
  }

  setSessionState(id: string, state: PersistedState, endReason?: EndReason): void {
    setSessionState(this.#db, id, state, this.now(), endReason);
  }

  /** Sessions a stop or crash left open (of one customer when given), oldest first. */
  openSessions(customerId?: string): SessionRecord[] {
    return openSessions(this.#db, customerId);
  }

  /** A customer's session ids, newest first. */
  sessionIdsOfCustomer(customerId: string): string[] {
    return sessionIdsOfCustomer(this.#db, customerId);
  }

  /** Sessions created in [start, end) (Unix ms), newest first, with their customer's name. */
  sessionsCreatedBetween(start: number, end: number): SessionListRow[] {
    return sessionsCreatedBetween(this.#db, start, end);
  }

  /** A customer's sessions with an analysis result, oldest first. */
  analysedSessions(customerId: string): AnalysedSession[] {
    return analysedSessions(this.#db, customerId);
  }

  attachCustomer(sessionId: string, input: { customerId: string; skinCondition: SkinCondition; consentClauseIds: readonly string[]; rejectedClauseIds?: readonly string[] }): void {
    attachCustomer(this.#db, sessionId, input, this.now());
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
    openSession(this.#db, input.sessionId);
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
      committed = commitCapture(this.#db, {
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
    return listCaptureRows(this.#db, sessionId).map((row) => toCaptureRecord(this.capturesDir, row));
  }

  // Face outlines (migration 003)

  /** The face outline of a view, recorded with the view's first still (a retake replaces it). */
  saveFaceOutline(sessionId: string, view: View, outline: FaceOutline): void {
    saveFaceOutline(this.#db, sessionId, view, outline, this.now());
  }

  /** The view's outline from the customer's latest other finished session, or null. */
  previousFaceOutline(customerId: string, exceptSessionId: string, view: View): FaceOutline | null {
    return previousFaceOutline(this.#db, customerId, exceptSessionId, view);
  }

  /** The outline a session recorded for a view (comparing two visits, D-061), or null. */
  faceOutline(sessionId: string, view: View): FaceOutline | null {
    return faceOutlineOf(this.#db, sessionId, view);
  }

  // Retention

  /** Deletes captures past retention (see retention.ts); returns how many. */
  async applyRetention(retentionDays: number): Promise<number> {
    const expired = deleteExpiredCaptureRows(this.#db, retentionDays, this.now());
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
