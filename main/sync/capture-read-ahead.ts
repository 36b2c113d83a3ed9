import type { CaptureRecord } from '../store/types.ts';

/**
 * The checked bytes of the capture the next upload step will send, read while the current
 * capture's bytes travel (D-093). One at a time: a kiosk holds one photo's bytes more at most.
 * They are handed over only to a step for the same capture with the same recorded hash (a retaken
 * photo is another capture), so what is sent is still exactly what was hashed when the photo
 * became durable.
 */
export class CaptureReadAhead {
  #held: { readonly captureId: string; readonly sha256: string; readonly bytes: Promise<Uint8Array> } | null = null;

  /**
   * Starts reading `capture`; settles (never rejects) when the read has. A read that failed is
   * reported by the step that takes it, or dropped unseen.
   */
  start(capture: CaptureRecord, read: (capture: CaptureRecord) => Promise<Uint8Array>): Promise<void> {
    const bytes = read(capture);
    this.#held = { captureId: capture.id, sha256: capture.sha256, bytes };
    return bytes.then(
      () => undefined,
      () => undefined,
    );
  }

  /** The bytes read ahead for `capture`, or null; whatever was held is let go either way. */
  take(capture: CaptureRecord): Promise<Uint8Array> | null {
    const held = this.#held;
    this.#held = null;
    return held && held.captureId === capture.id && held.sha256 === capture.sha256 ? held.bytes : null;
  }
}
