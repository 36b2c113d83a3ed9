import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OperatorTopBar } from '../../components/OperatorTopBar.tsx';
import { TabButtons } from '../../components/TabButtons.tsx';
import { staffSelectors } from '../../stores/staff/selectors.ts';
import { useStaffStore } from '../../stores/staff/store.ts';
import { CustomersTab } from './CustomersTab.tsx';
import { SessionsTab } from './SessionsTab.tsx';

const STAFF_TABS = ['customers', 'sessions'] as const;

/** The staff area (behind the staff PIN): customers (CRM search, registration) and sessions. */
export function StaffScreen() {
  const { t } = useTranslation();
  const tab = useStaffStore(staffSelectors.tab);
  const dailyCount = useStaffStore(staffSelectors.dailyCount);
  const { setTab, loadSessions } = useStaffStore.getState();

  useEffect(() => {
    void loadSessions();
  }, [loadSessions]);

  return (
    <main className="screen staff" data-screen="staff">
      <OperatorTopBar title={t('staff.title')} onLock={() => useStaffStore.getState().reset()} />
      <div className="screen-body">
        <div className="tabs tabs-big" role="tablist">
          <TabButtons tabs={STAFF_TABS} current={tab} label={(name) => t(`staff.tabs.${name}`)} onSelect={setTab} />
          <span className="tabs-note" data-testid="daily-count">
            {t('staff.dailyCount', { count: dailyCount })}
          </span>
        </div>
        {tab === 'customers' ? <CustomersTab /> : <SessionsTab />}
      </div>
    </main>
  );
}
