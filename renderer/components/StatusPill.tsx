import { useTranslation } from 'react-i18next';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';

/**
 * Online or offline; for staff and technicians also what waits to sync and whether the device is
 * simulated, so they see at a glance why a report is late. Customers see only online or offline:
 * a sync backlog or a simulated unit means nothing to them (issue 16 item 10).
 */
export function StatusPill({ audience = 'customer' }: { audience?: 'customer' | 'operator' }) {
  const { t } = useTranslation();
  const status = useKioskStore(kioskSelectors.status);
  const online = useKioskStore(kioskSelectors.online);
  const pending = useKioskStore(kioskSelectors.syncPending);
  const failed = useKioskStore(kioskSelectors.syncFailed);
  const simulated = useKioskStore(kioskSelectors.simulated);
  if (!status) return null;
  const operator = audience === 'operator';
  return (
    <div className="status-pill" data-testid="status-pill" data-online={online} data-audience={audience}>
      <span className={online ? 'dot dot-ok' : 'dot dot-off'} aria-hidden="true" />
      <span>{online ? t('status.online') : t('status.offline')}</span>
      {operator && pending > 0 && <span className="status-extra">{t('status.pending', { count: pending })}</span>}
      {operator && failed > 0 && <span className="status-extra status-bad">{t('status.failed', { count: failed })}</span>}
      {operator && simulated && <span className="status-extra">{t('status.simulated')}</span>}
    </div>
  );
}
