import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useSessionStore } from '../../stores/session/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';

/**
 * A capture fault (camera lost, light controller error). The message is main's technician text:
 * staff read it to the technician. "Try again" re-shoots the whole view, since the lights of one
 * view must share one pose (docs/kiosk-core.md, fault -> RETRY).
 */
export function FaultPanel({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const retake = useSessionStore((s) => s.retake);
  const busy = useSessionStore((s) => s.busy);
  return (
    <Modal title={t('capture.fault')}>
      <p className="note note-bad" data-testid="fault-message" data-code={view.fault?.code}>
        {view.fault?.message}
      </p>
      <div className="action-row">
        <CancelSessionButton />
        <Button size="large" busy={busy} onClick={() => view.current && void retake(view.current.view)}>
          {t('capture.faultRetry')}
        </Button>
      </div>
    </Modal>
  );
}
