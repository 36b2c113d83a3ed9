import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { staffSelectors } from '../../stores/staff/selectors.ts';
import { useStaffStore } from '../../stores/staff/store.ts';
import { CustomersTab } from './CustomersTab.tsx';
import { SessionsTab } from './SessionsTab.tsx';

/** The staff area (behind the staff PIN): customers (CRM search, registration) and sessions. */
export function StaffScreen() {
  const { t } = useTranslation();
  const tab = useStaffStore(staffSelectors.tab);
  const dailyCount = useStaffStore(staffSelectors.dailyCount);
  const { setTab, loadSessions } = useStaffStore.getState();
  const returnToIdle = useKioskStore((s) => s.returnToIdle);

  useEffect(() => {
    void loadSessions();
  }, [loadSessions]);

  return (
    <main className="screen staff" data-screen="staff">
      <TopBar
        title={t('staff.title')}
        audience="operator"
        start={
          <Button
            variant="ghost"
            data-testid="lock"
            onClick={() => {
              useStaffStore.getState().reset();
              void returnToIdle();
            }}
          >
            {t('staff.lock')}
          </Button>
        }
      />
      <div className="screen-body">
        <div className="tabs tabs-big" role="tablist">
          {(['customers', 'sessions'] as const).map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} className={tab === name ? 'tab is-on' : 'tab'} data-tab={name} onClick={() => setTab(name)}>
              {t(`staff.tabs.${name}`)}
            </button>
          ))}
          <span className="tabs-note" data-testid="daily-count">
            {t('staff.dailyCount', { count: dailyCount })}
          </span>
        </div>
        {tab === 'customers' ? <CustomersTab /> : <SessionsTab />}
      </div>
    </main>
  );
}
