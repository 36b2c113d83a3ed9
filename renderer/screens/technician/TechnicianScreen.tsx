import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CallError } from '../../components/CallError.tsx';
import { PinDialog } from '../../components/PinDialog.tsx';
import { OperatorTopBar } from '../../components/OperatorTopBar.tsx';
import { TabButtons } from '../../components/TabButtons.tsx';
import { missingCase } from '../../../common/missing-case.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import type { TechnicianTab } from '../../stores/technician/initialState.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';
import { CalibrationTab } from './CalibrationTab.tsx';
import { CameraTab } from './CameraTab.tsx';
import { DeviceTab } from './DeviceTab.tsx';
import { DiagnosticsTab } from './DiagnosticsTab.tsx';
import { LightsTab } from './LightsTab.tsx';
import { LogsTab } from './LogsTab.tsx';
import { PlatformTab } from './PlatformTab.tsx';

const TABS: readonly TechnicianTab[] = ['device', 'camera', 'lights', 'calibration', 'diagnostics', 'platform', 'logs'];

function Panel({ tab }: { tab: TechnicianTab }) {
  switch (tab) {
    case 'device':
      return <DeviceTab />;
    case 'camera':
      return <CameraTab />;
    case 'lights':
      return <LightsTab />;
    case 'calibration':
      return <CalibrationTab />;
    case 'diagnostics':
      return <DiagnosticsTab />;
    case 'platform':
      return <PlatformTab />;
    case 'logs':
      return <LogsTab />;
    default:
      return missingCase(tab);
  }
}

/** The technician area (behind its own PIN): set-up and health of this unit. */
export function TechnicianScreen() {
  const { t } = useTranslation();
  const tab = useTechnicianStore(technicianSelectors.tab);
  const settings = useTechnicianStore(technicianSelectors.settings);
  const dirty = useTechnicianStore(technicianSelectors.dirty);
  const saving = useTechnicianStore(technicianSelectors.saving);
  const error = useTechnicianStore(technicianSelectors.error);
  const { setTab, load, save, discard } = useTechnicianStore.getState();
  const loadStatus = useKioskStore((s) => s.loadStatus);

  useEffect(() => {
    void load();
  }, [load]);

  // The PIN lapses after idle minutes in main; a technician who typed a long set-up gets the PIN
  // pad over it and the same draft is saved, instead of locking (and losing the edits) to unlock.
  const [askPin, setAskPin] = useState(false);
  async function saveOrAskPin() {
    if (await save()) {
      void loadStatus();
      return;
    }
    const failure = useTechnicianStore.getState().error;
    if (failure?.code === 'forbidden') {
      useTechnicianStore.setState({ error: null });
      setAskPin(true);
    }
  }

  return (
    <main className="screen technician" data-screen="technician">
      <OperatorTopBar title={t('technician.title')} onLock={() => useTechnicianStore.getState().reset()} />
      <div className="tech-layout">
        <nav className="tech-tabs" role="tablist">
          <TabButtons tabs={TABS} current={tab} label={(name) => t(`technician.tabs.${name}`)} onSelect={setTab} />
        </nav>
        <section className="tech-panel" data-panel={tab}>
          {error && <CallError failure={error} audience="operator" />}
          {settings ? <Panel tab={tab} /> : <p className="note">{t('common.loading')}</p>}
        </section>
      </div>
      {dirty && (
        <footer className="action-bar save-bar">
          <span className="note note-warn">{t('technician.unsaved')}</span>
          <Button variant="secondary" onClick={discard}>
            {t('common.cancel')}
          </Button>
          <Button data-testid="save-settings" busy={saving} onClick={() => void saveOrAskPin()}>
            {t('common.save')}
          </Button>
        </footer>
      )}
      {askPin && (
        <PinDialog
          role="technician"
          onUnlocked={() => {
            setAskPin(false);
            void saveOrAskPin();
          }}
          onCancel={() => setAskPin(false)}
        />
      )}
    </main>
  );
}
