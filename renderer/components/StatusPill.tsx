import { useTranslation } from 'react-i18next';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';

/** Online or offline, and what waits to sync: staff see at a glance why a report is late. */
export function StatusPill() {
  const { t } = useTranslation();
  const status = useKioskStore(kioskSelectors.status);
  const online = useKioskStore(kioskSelectors.online);
  const pending = useKioskStore(kioskSelectors.syncPending);
  const failed = useKioskStore(kioskSelectors.syncFailed);
  const simulated = useKioskStore(kioskSelectors.simulated);
  if (!status) return null;
  return (
    <div className="status-pill" data-testid="status-pill" data-online={online}>
      <span className={online ? 'dot dot-ok' : 'dot dot-off'} aria-hidden="true" />
      <span>{online ? t('status.online') : t('status.offline')}</span>
      {pending > 0 && <span className="status-extra">{t('status.pending', { count: pending })}</span>}
      {failed > 0 && <span className="status-extra status-bad">{t('status.failed', { count: failed })}</span>}
      {simulated && <span className="status-extra">{t('status.simulated')}</span>}
    </div>
  );
}
