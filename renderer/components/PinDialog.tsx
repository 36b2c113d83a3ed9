import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '../lib/kiosk.ts';
import type { Role } from '../stores/kiosk/initialState.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { Modal } from './Modal.tsx';

interface Props {
  role: Role;
  onUnlocked: () => void;
  onCancel: () => void;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'enter'] as const;

/**
 * Operator PIN pad (staff and technician have separate PINs, checked by main). A numeric pad of
 * large keys rather than a text field: kiosk screens have no keyboard, and the digits are never
 * shown, only dots.
 */
export function PinDialog({ role, onUnlocked, onCancel }: Props) {
  const { t } = useTranslation();
  const verifyPin = useKioskStore((s) => s.verifyPin);
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (pin.length < 4) return;
    setBusy(true);
    try {
      const ok = await verifyPin(role, pin);
      if (ok) onUnlocked();
      else setMessage(t('pin.wrong'));
    } catch (error) {
      // verifyPin needs no role, so 'forbidden' here is only the lock after repeated wrong PINs.
      setMessage(errorCode(error) === 'forbidden' ? t('pin.locked') : errorMessage(error));
    } finally {
      setBusy(false);
      setPin('');
    }
  }

  function press(key: (typeof KEYS)[number]) {
    setMessage(null);
    if (key === 'clear') setPin('');
    else if (key === 'enter') void submit();
    else if (pin.length < 8) setPin(pin + key);
  }

  return (
    <Modal title={role === 'staff' ? t('pin.staffTitle') : t('pin.technicianTitle')} onClose={onCancel} closeLabel={t('common.cancel')}>
      <div className="pin" data-testid="pin-pad">
        <div className="pin-dots" aria-live="polite" aria-label={`${pin.length}`}>
          {Array.from({ length: Math.max(4, pin.length) }, (_, i) => (
            <span key={i} className={i < pin.length ? 'pin-dot is-filled' : 'pin-dot'} />
          ))}
        </div>
        <p className="pin-message" role="alert">
          {message ?? '\u00a0'}
        </p>
        <div className="pin-keys">
          {KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className={`btn btn-large ${key === 'enter' ? 'btn-primary' : 'btn-secondary'} pin-key`}
              data-key={key}
              disabled={busy || (key === 'enter' && pin.length < 4)}
              onClick={() => press(key)}
            >
              {key === 'clear' ? t('pin.clear') : key === 'enter' ? t('pin.enter') : key}
            </button>
          ))}
        </div>
      </div>
    </Modal>
  );
}
