/**
 * Which inactivity timeout a screen has and when it is busy by itself (D-046). Pure: the guard
 * (useIdleGuard.ts) feeds it the screen and what the session and report say.
 */
import type { SessionView, Status } from '../../main/kiosk-api/types.ts';
import type { Screen } from '../stores/kiosk/initialState.ts';

export type IdleKind = 'customer' | 'results' | 'operator';

export interface IdleContext {
  readonly screen: Screen;
  /** The customer's own session, if this screen shows one. */
  readonly session: Pick<SessionView, 'state' | 'face'> | null;
  /** The processing screen's sync stage for that session (null before main answered). */
  readonly reportStage: string | null;
}

/** null: the screen never times out (idle itself). `customerSession`: the screen shows the customer's own session. */
export function idleKind(screen: Screen, customerSession: boolean): IdleKind | null {
  switch (screen) {
    case 'idle':
      return null;
    case 'staff':
    case 'technician':
      return 'operator';
    case 'results':
      // A report staff opened from their list (no customer session here) is a staff screen: it locks.
      return customerSession ? 'results' : 'operator';
    case 'consent':
    case 'customer':
    case 'capture':
    case 'review':
    case 'processing':
      return 'customer';
  }
}

/**
 * A screen busy by itself holds its clock: the capture countdown and the shots (the customer holds
 * still and touches nothing), and processing while it waits for the results (uploading,
 * analysing, or queued until the kiosk is online again). Processing shows no name and no photo,
 * and the results it opens by itself have their own timeout. A failed analysis is not waiting:
 * it times out (staff retry from their list).
 */
export function isBusy({ screen, session, reportStage }: IdleContext): boolean {
  if (screen === 'capture') return session?.state === 'countdown' || session?.state === 'capturing';
  if (screen === 'processing') return reportStage !== 'failed' && reportStage !== 'ready';
  return false;
}

/** Live guidance that sees a face: someone is in front of the camera, which counts as activity. */
export function customerPresent({ screen, session }: IdleContext): boolean {
  return screen === 'capture' && session?.state === 'live' && session.face !== null;
}

export function timeoutMsFor(kind: IdleKind, seconds: Status['idleSeconds']): number {
  return seconds[kind] * 1000;
}
