/**
 * Turns file-system failures of a capture write into a technician message (issue 7: a disk
 * full gives a clear message and loses nothing). The store's durable write leaves no partial
 * file and commits no row on failure, so earlier captures are untouched; the session faults and
 * the view can be retaken once space is freed.
 */
import type { CaptureRecorder } from '../capture/session-driver.ts';

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const DISK_BROKEN = new Set(['EROFS', 'EIO', 'EACCES', 'EPERM']);

export class DiskError extends Error {
  constructor(
    readonly code: 'disk_full' | 'disk_error',
    readonly technicianMessage: string,
    options?: { cause?: unknown },
  ) {
    super(technicianMessage, options);
    this.name = 'DiskError';
  }
}

export function diskAware(recorder: CaptureRecorder, dataDir: string): CaptureRecorder {
  return {
    createSession: (profile) => recorder.createSession(profile),
    setSessionState: (id, state) => recorder.setSessionState(id, state),
    attachCustomer: (sessionId, input) => recorder.attachCustomer(sessionId, input),
    async saveCapture(input) {
      try {
        return await recorder.saveCapture(input);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (DISK_FULL.has(code)) {
          throw new DiskError('disk_full', `The disk holding ${dataDir} is full: the photo was not saved (earlier photos are safe). Free space (synced captures older than the retention period can go), then retake this view.`, { cause: error });
        }
        if (DISK_BROKEN.has(code)) {
          throw new DiskError('disk_error', `The kiosk cannot write to ${dataDir} (${code}): check the disk and its permissions, then retake this view. Earlier photos are safe.`, { cause: error });
        }
        throw error;
      }
    },
  };
}
