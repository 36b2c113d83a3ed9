import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface Props {
  /** Searches for the number: the customer screen's staff search behind its PIN, or the staff area's own search beside the form (D-134). */
  readonly onFindByStaff?: () => void;
  readonly onRegisterSeparately: () => void;
  readonly onChangeNumber: () => void;
  /** Staff registering someone in the staff area read it in their own words. */
  readonly audience: 'customer' | 'operator';
}

/**
 * "This mobile number is registered already" (D-131): asked, not refused, and naming nobody. A
 * returning customer is sent to staff, so that today's results join their earlier visits; a
 * family sharing one phone registers separately.
 */
export function PhoneRegisteredDialog({ onFindByStaff, onRegisterSeparately, onChangeNumber, audience }: Props) {
  const { t } = useTranslation();
  return (
    <Modal title={t('customer.phoneRegistered.title')} onClose={onChangeNumber} closeLabel={t('customer.phoneRegistered.change')}>
      <div data-testid="phone-registered">
        <p>{audience === 'customer' ? t('customer.phoneRegistered.text') : t('staff.phoneRegistered')}</p>
        <div className="action-row">
          {onFindByStaff && (
            <Button size="large" data-testid="phone-registered-find" onClick={onFindByStaff}>
              {audience === 'customer' ? t('customer.phoneRegistered.findMe') : t('staff.searchNumber')}
            </Button>
          )}
          <Button size="large" variant="secondary" data-testid="phone-registered-separately" onClick={onRegisterSeparately}>
            {t('customer.phoneRegistered.separately')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
