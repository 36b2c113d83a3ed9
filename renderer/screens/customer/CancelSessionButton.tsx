import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { useSessionStore } from '../../stores/session/store.ts';

/** Ends the customer's session (main records it as cancelled) and returns to the idle screen. */
export function CancelSessionButton() {
  const { t } = useTranslation();
  const cancel = useSessionStore((s) => s.cancel);
  const returnToIdle = useKioskStore((s) => s.returnToIdle);
  return (
    <Button
      variant="ghost"
      data-testid="cancel-session"
      onClick={() => {
        void cancel().then(returnToIdle);
      }}
    >
      {t('common.cancel')}
    </Button>
  );
}
