import { useTranslation } from 'react-i18next';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { Button } from './Button.tsx';
import { TopBar } from './TopBar.tsx';

interface Props {
  title: string;
  /** Forgets the area's own state before the kiosk returns to the idle screen. */
  onLock: () => void;
}

/** The top bar of an area behind a PIN (staff, technician): its title and the lock that leaves it. */
export function OperatorTopBar({ title, onLock }: Props) {
  const { t } = useTranslation();
  const returnToIdle = useKioskStore((s) => s.returnToIdle);
  return (
    <TopBar
      title={title}
      audience="operator"
      start={
        <Button
          variant="ghost"
          data-testid="lock"
          onClick={() => {
            onLock();
            void returnToIdle();
          }}
        >
          {t('staff.lock')}
        </Button>
      }
    />
  );
}
