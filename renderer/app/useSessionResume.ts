import { useEffect } from 'react';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { useSessionStore } from '../stores/session/store.ts';

/**
 * After a reload or a renderer crash the screen no longer knows the session main still holds
 * (capturing, faulted or in review), and main refuses a new one while it does. The first status
 * naming such a session, seen on the idle screen without a session of our own, takes the screen
 * back into it: the capture the customer sat for is confirmed, retaken or cancelled on screen,
 * never stranded (decision K-UI-009).
 */
export function useSessionResume(): void {
  const openSessionId = useKioskStore((s) => s.status?.openSessionId ?? null);
  const screen = useKioskStore((s) => s.screen);
  useEffect(() => {
    if (!openSessionId || screen !== 'idle' || useSessionStore.getState().sessionId) return;
    void useSessionStore
      .getState()
      .resume(openSessionId)
      .then((view) => {
        if (view && useKioskStore.getState().screen === 'idle') useKioskStore.getState().goTo(view.state === 'review' ? 'review' : 'capture');
      });
  }, [openSessionId, screen]);
}
