/**
 * The previous visit's face outline (issue 8): each view's outline is recorded when the view's
 * first still is stored, from the last preview check that saw the face before the shot, and the
 * customer's next session shows the latest finished session's outline of the view being captured.
 * Outlines are normalised 0..1 to the preview frame, as the session view's face box is.
 */
import type { View } from '../../protocol/skin-api/api-codes.ts';
import type { FaceFound } from '../capture/live-check.ts';
import type { CaptureSession } from '../capture/session-driver.ts';
import type { FrameSize } from '../capture/guidance.ts';
import type { FaceOutline, OutlinePoint } from '../store/face-outlines.ts';
import type { KioskStore } from '../store/kiosk-store.ts';

export class FaceOutlines {
  /** Previous outlines by `${sessionId}/${view}`: the session view is built for every frame. */
  private readonly previous = new Map<string, readonly OutlinePoint[] | null>();

  constructor(
    private readonly store: KioskStore,
    private readonly log: (message: string) => void,
  ) {}

  /** Records the outlines of a session's views as its stills are stored. */
  follow(session: CaptureSession): void {
    // The face of the current view as last seen, until the view's first still takes it.
    let seen: { view: View; outline: FaceOutline } | null = null;
    session.subscribe((state, event) => {
      if (event.type === 'FRAME_CHECKED' && event.check.facePresent && 'queue' in state) {
        seen = { view: state.queue[0].view, outline: outlineOf(event.check, event.frame) };
      } else if (event.type === 'SHOT_STORED' && seen?.view === event.view) {
        const { view, outline } = seen;
        seen = null;
        try {
          this.store.saveFaceOutline(session.id, view, outline);
        } catch (error) {
          // The outline is a convenience for the next visit: the capture goes on without it.
          this.log(`face outline of ${session.id}/${view} not recorded: ${error instanceof Error ? error.message : String(error)}`);
        }
      } else if (state.kind === 'done' || state.kind === 'cancelled') {
        for (const key of this.previous.keys()) if (key.startsWith(`${session.id}/`)) this.previous.delete(key);
      }
    });
  }

  /** The view's outline from the customer's latest other finished session, or null (first visit). */
  previousFor(sessionId: string, customerId: string | null, view: View): [number, number][] | null {
    if (!customerId) return null;
    const key = `${sessionId}/${view}`;
    if (!this.previous.has(key)) this.previous.set(key, this.store.previousFaceOutline(customerId, sessionId, view)?.points ?? null);
    const points = this.previous.get(key);
    return points ? points.map(([x, y]) => [x, y]) : null;
  }
}

/** The check's landmark silhouette, else its face box (corners clockwise), over the frame size. */
export function outlineOf(check: FaceFound, frame: FrameSize): FaceOutline {
  const scale = ([x, y]: readonly [number, number]): OutlinePoint => [x / frame.width, y / frame.height];
  if (check.outline && check.outline.length >= 3) return { points: check.outline.map(scale), source: 'landmarks' };
  const { left, top, width, height } = check.faceBox;
  const corners: [number, number][] = [
    [left, top],
    [left + width, top],
    [left + width, top + height],
    [left, top + height],
  ];
  return { points: corners.map(scale), source: 'box' };
}
