import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

/**
 * Log export: main collects the logs; the browser saves them as a file (Downloads folder in the
 * browser host, the save dialog's default in Electron). The tail is shown for a quick look.
 */
export function LogsTab() {
  const { t } = useTranslation();
  const note = useTechnicianStore(technicianSelectors.logNote);
  const exportLogs = useTechnicianStore((s) => s.exportLogs);
  const [tail, setTail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    const logs = await exportLogs();
    setBusy(false);
    if (!logs) return;
    const url = URL.createObjectURL(new Blob([logs.text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = logs.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setTail(logs.text.split('\n').slice(-40).join('\n'));
  }

  return (
    <div className="form">
      <Button data-testid="export-logs" busy={busy} onClick={() => void run()}>
        {t('technician.logs.export')}
      </Button>
      {note && <p className="note" data-testid="logs-exported">{t('technician.logs.exported', { file: note })}</p>}
      {tail !== null && <pre className="log-tail">{tail}</pre>}
    </div>
  );
}
