import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureSelectors } from '../stores/capture/selectors.ts';
import { useCaptureStore } from '../stores/capture/store.ts';

/** The seconds before auto-capture, counted locally from main's remaining milliseconds. */
export function Countdown() {
  const { t } = useTranslation();
  const endsAt = useCaptureStore(captureSelectors.countdownEndsAt);
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, [endsAt]);

  if (endsAt === null) return null;
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <div className="countdown" role="timer" aria-live="assertive" data-testid="countdown">
      <span className="countdown-label">{t('capture.countdown')}</span>
      <span className="countdown-number">{seconds}</span>
    </div>
  );
}
