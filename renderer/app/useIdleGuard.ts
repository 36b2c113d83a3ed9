import { useEffect, useRef, useState } from 'react';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { useResultsStore } from '../stores/results/store.ts';
import { useSessionStore } from '../stores/session/store.ts';
import { endVisit } from './end-visit.ts';
import { IdleCountdown, warningMsFor } from './idle-countdown.ts';
import { customerPresent, idleKind, isBusy, timeoutMsFor, type IdleContext } from './idle-policy.ts';

/** What counts as someone at the screen: a touch, pen or mouse press, a key, a wheel turn, typed text. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'input'] as const;

function context(): IdleContext {
  const screen = useKioskStore.getState().screen;
  const { sessionId, view } = useSessionStore.getState();
  const report = useResultsStore.getState().report;
  return {
    screen,
    session: view ? { state: view.state, face: view.face } : null,
    reportStage: report && report.sessionId === sessionId ? report.stage : null,
  };
}

/**
 * Every screen but idle returns to idle after inactivity, warning first (issue 16 item 1, D-046).
 * Answers when the screen closes while the warning shows (null otherwise), and `stay` for the
 * warning's button (a click without a pointer press: assistive technology).
 */
export function useIdleGuard(): { closesAt: number | null; stay: () => void } {
  const screen = useKioskStore(kioskSelectors.screen);
  const seconds = useKioskStore((s) => s.status?.idleSeconds ?? null);
  const hasSession = useSessionStore((s) => s.view !== null);
  const [closesAt, setClosesAt] = useState<number | null>(null);
  const countdown = useRef<IdleCountdown | null>(null);

  const kind = idleKind(screen, hasSession);
  const timeoutMs = kind && seconds ? timeoutMsFor(kind, seconds) : null;

  useEffect(() => {
    if (timeoutMs === null) return;
    const clock = new IdleCountdown({
      timeoutMs,
      warningMs: warningMsFor(timeoutMs),
      onWarning: setClosesAt,
      onExpire: () => {
        setClosesAt(null);
        void endVisit('idle');
      },
    });
    countdown.current = clock;
    clock.setBusy(isBusy(context()));
    const onActivity = () => clock.activity();
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, true);
    // The session view changes with every checked frame: busy states and a face seen are read
    // from the stores as they change, without rendering the app for each.
    const follow = () => {
      const now = context();
      clock.setBusy(isBusy(now));
      if (customerPresent(now)) clock.activity();
    };
    const unsubscribe = [useSessionStore.subscribe(follow), useResultsStore.subscribe(follow)];
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, true);
      for (const stop of unsubscribe) stop();
      clock.stop();
      countdown.current = null;
      setClosesAt(null);
    };
  }, [timeoutMs, kind, screen]);

  return { closesAt, stay: () => countdown.current?.activity() };
}
