import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useSessionStore } from '../../stores/session/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';

type FaultKind = 'camera' | 'lights' | 'disk' | 'interrupted' | 'other';

/** Fault codes of main (device/camera.ts, device/lights.ts, kiosk/disk-guard.ts, session-view.ts) by what the customer is told. */
const KINDS: Readonly<Record<string, FaultKind>> = {
  not_found: 'camera',
  disconnected: 'camera',
  capture_failed: 'camera',
  serial_not_installed: 'lights',
  port_not_found: 'lights',
  open_failed: 'lights',
  port_vanished: 'lights',
  write_failed: 'lights',
  write_timeout: 'lights',
  no_command: 'lights',
  disk_full: 'disk',
  disk_error: 'disk',
  interrupted: 'interrupted',
};

/**
 * A capture fault (camera lost, light controller error): what happened in the customer's
 * language, then main's technician text as it is (port names, paths), which staff read to the
 * technician. "Try again" re-shoots the whole view, since the lights of one view must share one
 * pose (docs/kiosk-core.md, fault -> RETRY).
 */
export function FaultPanel({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const retake = useSessionStore((s) => s.retake);
  const busy = useSessionStore((s) => s.busy);
  const code = view.fault?.code ?? '';
  return (
    <Modal title={t('capture.fault')}>
      <p className="note note-bad" data-testid="fault-message" data-code={code}>
        {t(`capture.faultKind.${KINDS[code] ?? 'other'}`)}
      </p>
      {view.fault?.message && (
        <p className="muted small" data-testid="fault-detail" dir="auto">
          {t('capture.faultTechnician', { code, detail: view.fault.message })}
        </p>
      )}
      <div className="action-row">
        <CancelSessionButton />
        <Button size="large" busy={busy} data-testid="fault-retry" onClick={() => view.current && void retake(view.current.view)}>
          {t('capture.faultRetry')}
        </Button>
      </div>
    </Modal>
  );
}
