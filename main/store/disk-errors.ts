/**
 * Disk failures of the capture write path as the technician must read them (issue 7: a disk
 * full gives a clear message and loses nothing). The store maps them where they happen, in the
 * file write (ENOSPC, EDQUOT) and in the SQLite commit (SQLITE_FULL), after undoing the partial
 * work: no temp file, no final file, no row. Earlier captures are untouched.
 */

export type DiskErrorCode = 'disk_full' | 'disk_error';

/** The capture was not stored because of the disk; `technicianMessage` says what to do. */
export class StoreDiskError extends Error {
  constructor(
    readonly code: DiskErrorCode,
    readonly technicianMessage: string,
    options?: { cause?: unknown },
  ) {
    super(technicianMessage, options);
    this.name = 'StoreDiskError';
  }
}

/** errno codes of a file-system write and SQLite result codes (better-sqlite3's SqliteError.code). */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const BROKEN = new Set(['EROFS', 'EIO', 'EACCES', 'EPERM', 'SQLITE_READONLY', 'SQLITE_CANTOPEN']);

export function diskFullMessage(dataDir: string): string {
  return `The disk holding ${dataDir} is full: the photo was not saved (earlier photos are safe). Free space (synced captures older than the retention period can go), then retake this view.`;
}

export function diskBrokenMessage(dataDir: string, code: string): string {
  return `The kiosk cannot write to ${dataDir} (${code}): check the disk and its permissions, then retake this view. Earlier photos are safe.`;
}

/** The disk error an fs or SQLite failure stands for, or null for any other error. */
export function asDiskError(error: unknown, dataDir: string): StoreDiskError | null {
  if (error instanceof StoreDiskError) return error;
  const code = typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : '';
  if (FULL.has(code)) return new StoreDiskError('disk_full', diskFullMessage(dataDir), { cause: error });
  // SQLITE_IOERR comes with extended codes (SQLITE_IOERR_WRITE, _FSYNC, ...).
  if (BROKEN.has(code) || code.startsWith('SQLITE_IOERR')) return new StoreDiskError('disk_error', diskBrokenMessage(dataDir, code), { cause: error });
  return null;
}
