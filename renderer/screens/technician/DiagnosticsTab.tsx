import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useMainMessage } from '../../i18n/main-messages.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

/** Main's health checks (camera, lights, models, disk, platform and clock, sync queue). */
export function DiagnosticsTab() {
  const { t } = useTranslation();
  const say = useMainMessage();
  const diagnostics = useTechnicianStore(technicianSelectors.diagnostics);
  const running = useTechnicianStore(technicianSelectors.diagnosing);
  const failed = useTechnicianStore(technicianSelectors.failedChecks);
  const runDiagnostics = useTechnicianStore((s) => s.runDiagnostics);

  useEffect(() => {
    void runDiagnostics();
  }, [runDiagnostics]);

  return (
    <div className="form">
      <div className="toolbar">
        <Button data-testid="run-diagnostics" busy={running} onClick={() => void runDiagnostics()}>
          {t('technician.diagnostics.run')}
        </Button>
        {diagnostics && (
          <span className={failed === 0 ? 'badge tone-good' : 'badge tone-attention'} data-testid="diagnostics-summary" data-failed={failed}>
            {failed === 0 ? t('technician.diagnostics.allOk') : t('technician.diagnostics.someFailed', { count: failed })}
          </span>
        )}
      </div>
      {diagnostics && (
        <ul className="rows diagnostics" data-testid="diagnostics">
          {diagnostics.checks.map((check) => (
            <li key={check.name} className="row" data-check={check.name} data-ok={check.ok}>
              <span className={check.ok ? 'dot dot-ok' : 'dot dot-off'} aria-hidden="true" />
              <strong className="row-label">{t(`technician.diagnostics.checks.${check.name}`)}</strong>
              <span className="row-main">{say(check.detail)}</span>
              <span className={check.ok ? 'badge tone-good' : 'badge tone-attention'}>{check.ok ? t('technician.diagnostics.ok') : t('technician.diagnostics.notOk')}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
