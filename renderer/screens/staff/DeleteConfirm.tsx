import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { staffSelectors } from '../../stores/staff/selectors.ts';
import { useStaffStore } from '../../stores/staff/store.ts';

/** Deletion is for good (photos and records on this kiosk): a second, explicit touch. */
export function DeleteConfirm() {
  const { t } = useTranslation();
  const target = useStaffStore(staffSelectors.pendingDelete);
  const { cancelDelete, confirmDelete } = useStaffStore.getState();
  if (!target) return null;
  return (
    // One way out besides deleting: the Cancel button beside it (no second Cancel in the header).
    <Modal title={target.kind === 'session' ? t('staff.deleteSession') : t('staff.deleteCustomer')}>
      <p>{target.kind === 'session' ? t('staff.deleteConfirm') : t('staff.deleteCustomerConfirm', { name: target.name })}</p>
      <div className="action-row">
        <Button variant="secondary" size="large" data-testid="cancel-delete" onClick={cancelDelete}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" size="large" data-testid="confirm-delete" onClick={() => void confirmDelete()}>
          {t('common.confirmDelete')}
        </Button>
      </div>
    </Modal>
  );
}
