/**
 * Ends whatever the screen showed and goes back to the idle screen (D-046, D-047): a session still
 * in progress is cancelled in main exactly as the Cancel button cancels it (main discards it whole:
 * nothing half-written), then every store that held customer data, photos or operator lists is
 * emptied (object URLs released) and the operator areas lock (their PIN is asked again).
 */
import { useCaptureStore } from '../stores/capture/store.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { useResultsStore } from '../stores/results/store.ts';
import { useSessionStore } from '../stores/session/store.ts';
import { useStaffStore } from '../stores/staff/store.ts';
import { useTechnicianStore } from '../stores/technician/store.ts';

/** `idle`: the screen was left until it timed out, recorded so the staff list says so (D-077). */
export async function endVisit(cause: 'cancelled' | 'idle' = 'cancelled'): Promise<void> {
  const session = useSessionStore.getState();
  const state = session.view?.state;
  // A finished session (done) goes on syncing in the background; only an open one is cancelled.
  if (session.sessionId && state !== 'done' && state !== 'cancelled') await session.cancel(cause === 'idle' ? 'idle' : 'staff');
  useSessionStore.getState().reset();
  useCaptureStore.getState().reset();
  useResultsStore.getState().reset();
  useStaffStore.getState().reset();
  useTechnicianStore.getState().reset();
  await useKioskStore.getState().returnToIdle();
}
