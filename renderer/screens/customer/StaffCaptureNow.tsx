import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { PinDialog } from '../../components/PinDialog.tsx';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';

/**
 * The staff override "capture now" (a customer who cannot turn further, a face the check misses):
 * a staff action, so it asks for the staff PIN unless staff (or a technician) unlocked this
 * connection, and again when main says the unlock has lapsed.
 */
export function StaffCaptureNow() {
  const { t } = useTranslation();
  const busy = useSessionStore(sessionSelectors.busy);
  const unlocked = useKioskStore((s) => s.unlocked.includes('staff') || s.unlocked.includes('technician'));
  const [askPin, setAskPin] = useState(false);

  async function capture() {
    // The guidance may have captured by itself while the PIN pad was open.
    const state = useSessionStore.getState().view?.state;
    if (state !== 'live' && state !== 'countdown') return;
    if ((await useSessionStore.getState().captureNow()) === 'forbidden') setAskPin(true);
  }

  return (
    <>
      <Button variant="ghost" data-testid="capture-now" busy={busy} onClick={() => (unlocked ? void capture() : setAskPin(true))}>
        {t('capture.manual')}
      </Button>
      {askPin && (
        <PinDialog
          role="staff"
          onUnlocked={() => {
            setAskPin(false);
            void capture();
          }}
          onCancel={() => setAskPin(false)}
        />
      )}
    </>
  );
}
