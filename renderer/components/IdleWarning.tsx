import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface Props {
  /** When the screen closes (epoch ms). */
  closesAt: number;
  onStay: () => void;
}

/**
 * "Are you still there?" before an untouched screen returns to idle (D-046). Any touch or key keeps
 * the screen (the idle guard listens on the whole document); the button is there so a customer
 * knows what to do, and has the focus so Enter or Space answers it.
 */
export function IdleWarning({ closesAt, onStay }: Props) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((closesAt - now) / 1000));
  return (
    <Modal title={t('idleWarning.title')}>
      <div className="idle-warning" data-testid="idle-warning">
        <p className="idle-warning-count" aria-hidden="true">
          {seconds}
        </p>
        {/* No live region: a sentence re-read every second would drown the screen reader; the
            focused button and the dialog's name say what is asked. */}
        <p>{t('idleWarning.body', { seconds })}</p>
        <div className="action-row">
          <Button variant="primary" size="large" data-testid="idle-stay" autoFocus onClick={onStay}>
            {t('idleWarning.stay')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
