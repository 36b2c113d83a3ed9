import { useEffect } from 'react';
import type { SessionView } from '../../main/kiosk-api/types.ts';
import { useCaptureStore } from '../stores/capture/store.ts';
import type { Screen } from '../stores/kiosk/initialState.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { useSessionStore } from '../stores/session/store.ts';
import { endVisit } from './end-visit.ts';

const FLOW: readonly Screen[] = ['consent', 'customer', 'capture', 'review'];

/** The customer screen that shows a session state (main's state machine drives the flow). */
function screenFor(state: SessionView['state']): Screen | 'end' {
  switch (state) {
    case 'consent':
      return 'consent';
    case 'customer':
      return 'customer';
    case 'live':
    case 'countdown':
    case 'capturing':
    case 'fault':
      return 'capture';
    case 'review':
      return 'review';
    case 'done':
      return 'processing';
    case 'cancelled':
      return 'end';
  }
}

/**
 * Moves between customer screens as the session state changes, so no screen has to know which
 * one comes next. Only while a customer-flow screen is shown: operator screens are left alone.
 */
export function useSessionNavigation(): void {
  const state = useSessionStore((s) => s.view?.state ?? null);
  const screen = useKioskStore((s) => s.screen);

  useEffect(() => {
    if (!state || !FLOW.includes(screen)) return;
    const next = screenFor(state);
    if (next === 'end') {
      // Cancelled in main (consent declined, say): the visit ends as every visit does, every
      // store emptied, a staff search made during it included (app/end-visit.ts, D-124).
      void endVisit();
      return;
    }
    if (next !== screen) {
      if (next === 'processing') useCaptureStore.getState().reset();
      useKioskStore.getState().goTo(next);
    }
  }, [state, screen]);
}
