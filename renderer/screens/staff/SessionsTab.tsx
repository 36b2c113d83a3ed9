import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CallError } from '../../components/CallError.tsx';
import { useMainMessage } from '../../i18n/main-messages.ts';
import { formatTime } from '../../lib/format.ts';
import type { CallFailure } from '../../lib/kiosk.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { staffSelectors } from '../../stores/staff/selectors.ts';
import { useStaffStore } from '../../stores/staff/store.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';

/** What the last action on a row said: a retry's note, or why the call failed. */
function RowNote({ note }: { note: string | CallFailure }) {
  return typeof note === 'string' ? <span className="small">{note}</span> : <CallError failure={note} audience="operator" className="note-bad small" />;
}

const STATES = ['consent', 'customer', 'capturing', 'live', 'review', 'done', 'cancelled', 'fault'] as const;

/** The day's sessions with their sync state; retry what failed or waits, delete, open reports. */
export function SessionsTab() {
  const { t } = useTranslation();
  const say = useMainMessage();
  const language = useKioskStore(kioskSelectors.language);
  const goTo = useKioskStore((s) => s.goTo);
  const day = useStaffStore(staffSelectors.day);
  const sessions = useStaffStore(staffSelectors.sessions);
  const loading = useStaffStore(staffSelectors.loadingSessions);
  const notes = useStaffStore(staffSelectors.rowNotes);
  const error = useStaffStore(staffSelectors.error);
  const { setDay, loadSessions, retry, askDelete } = useStaffStore.getState();

  /** The stored session state in words; a state this UI does not know is shown as main sent it. */
  const stateName = (state: string): string => (STATES.includes(state as (typeof STATES)[number]) ? t(`staff.state.${state as (typeof STATES)[number]}`) : state);

  /** An old report with this customer's history, as the customer saw it after the session. */
  async function openReport(sessionId: string, customerId: string | null) {
    await useResultsStore.getState().load(sessionId, customerId, language);
    goTo('results');
  }

  return (
    <section className="card">
      <div className="toolbar">
        <label className="field field-inline">
          <span>{t('staff.day')}</span>
          <input
            type="date"
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              void loadSessions();
            }}
          />
        </label>
        <Button variant="secondary" busy={loading} onClick={() => void loadSessions()}>
          {t('common.refresh')}
        </Button>
      </div>
      {error && <CallError failure={error} audience="operator" />}
      {sessions.length === 0 ? (
        <p className="note">{t('staff.noSessions')}</p>
      ) : (
        <ul className="rows" data-testid="session-rows">
          {sessions.map((row) => (
            <li key={row.id} className="row" data-session-id={row.id} data-stage={row.stage} data-state={row.state} data-status={row.status}>
              <div className="row-main">
                <strong>{row.customerName || '—'}</strong>
                <span className="muted">
                  {formatTime(row.createdAt, language)}
                  {/* The step an unfinished session stands at; an ended one says it in its status. */}
                  {row.status === 'in_progress' && ` · ${t('staff.stateCol')}: ${stateName(row.state)}`}
                </span>
                {/* Red for a failed sync only (D-048); a session queued offline says why in amber. */}
                {row.lastError && (
                  <span className={`${row.stage === 'failed' ? 'note-bad' : 'note-warn'} small`} data-testid="last-error" data-key={row.lastError.key}>
                    {say(row.lastError)}
                  </span>
                )}
                {/* The report link e-mail the customer asked for (D-067), with the mail server's answer when it refused. */}
                {row.email && (
                  <span className={row.email.state === 'failed' ? 'note-bad small' : 'muted small'} data-testid="email-state" data-state={row.email.state}>
                    {t(`staff.email.${row.email.state}`)}
                    {row.email.serverReply && row.email.state !== 'sent' && <span dir="ltr">{` — ${row.email.serverReply}`}</span>}
                  </span>
                )}
                {notes[row.id] !== undefined && <RowNote note={notes[row.id]!} />}
              </div>
              {/* What became of the session (D-048): red only for a sync that failed, as Diagnostics counts it. */}
              <span className={`badge status status-${row.status}`} data-testid="session-status">
                {t(`staff.status.${row.status}`)}
              </span>
              {row.status === 'synced' && (
                <Button variant="secondary" data-testid="open-report" onClick={() => void openReport(row.id, row.customerId)}>
                  {t('staff.openReport')}
                </Button>
              )}
              {/* Only a confirmed capture has something to send again (not a declined or cancelled one). */}
              {(row.status === 'failed' || row.status === 'queued_offline') && (
                <Button variant="secondary" data-testid="retry-sync" onClick={() => void retry(row.id, { done: t('staff.retryDone'), refused: t('staff.retryRefused') })}>
                  {t('common.retry')}
                </Button>
              )}
              <Button variant="danger" size="small" data-testid="delete-session" onClick={() => askDelete({ kind: 'session', id: row.id, name: row.customerName })}>
                {t('common.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <DeleteConfirm />
    </section>
  );
}
