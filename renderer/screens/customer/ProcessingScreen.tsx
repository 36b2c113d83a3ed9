import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { useMainMessage } from '../../i18n/main-messages.ts';
import { sleep } from '../../lib/kiosk.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { CallError } from '../../components/CallError.tsx';
import { endVisit } from '../../app/end-visit.ts';

type Stage = Report['stage'];
const STEPS: readonly Stage[] = ['capturing', 'uploading', 'analysing', 'ready'];
const POLL_MS = 1000;

/**
 * Real progress from the sync pipeline (report.stage and .progress), including "queued while
 * offline": the photos are safe on disk and the screen says so, keeps polling, and opens the
 * report by itself once the platform is back.
 */
export function ProcessingScreen() {
  const { t } = useTranslation();
  const say = useMainMessage();
  const language = useKioskStore(kioskSelectors.language);
  const goTo = useKioskStore((s) => s.goTo);
  const sessionId = useSessionStore(sessionSelectors.sessionId);
  const customerId = useSessionStore(sessionSelectors.customerId);
  const report = useResultsStore(resultsSelectors.report);
  const error = useResultsStore(resultsSelectors.error);

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    void (async () => {
      let r = await useResultsStore.getState().load(sessionId, customerId, language);
      while (!stopped && r?.stage !== 'ready') {
        await sleep(POLL_MS);
        if (stopped) return;
        r = (await useResultsStore.getState().refreshReport(language)) ?? r;
      }
      if (!stopped) {
        // History may have been read before this session was synced: read it again.
        await useResultsStore.getState().load(sessionId, customerId, language);
        goTo('results');
      }
    })();
    return () => {
      stopped = true;
    };
  }, [sessionId, customerId, language, goTo]);

  const stage: Stage = report?.sessionId === sessionId ? report.stage : 'capturing';
  const queued = stage === 'queued_offline';
  const failed = stage === 'failed';
  // Queued offline, the photos are saved (the first step is done) and the upload waits.
  const reached = queued ? STEPS.indexOf('uploading') : STEPS.indexOf(stage);

  return (
    <main className="screen processing" data-screen="processing" data-stage={stage}>
      <TopBar />
      <div className="screen-body narrow center">
        {failed ? (
          <div className="stage-icon is-failed" aria-hidden="true">
            !
          </div>
        ) : (
          <div className={`spinner${queued ? ' is-paused' : ''}`} aria-hidden="true" />
        )}
        <h1>{t('processing.title')}</h1>
        <p className="stage-name" data-testid="processing-stage">
          {t(`processing.stage.${stage}`)}
        </p>
        <ProgressBar value={report?.progress ?? 0} label={t(`processing.stage.${stage}`)} />
        {report?.sessionId === sessionId && (
          <p className="muted" data-testid="stage-detail" data-key={report.stageDetail.key}>
            {say(report.stageDetail)}
          </p>
        )}
        <ol className="stage-steps">
          {STEPS.map((s, i) => (
            <li key={s} className={i < reached || stage === 'ready' ? 'is-done' : i === reached && !queued && !failed ? 'is-current' : ''}>
              {t(`processing.stage.${s}`)}
            </li>
          ))}
        </ol>
        {queued && (
          <p className="note note-warn" data-testid="queued-note">
            {t('processing.queuedText')}
          </p>
        )}
        {failed && <p className="note note-bad">{t('processing.failedText')}</p>}
        {!queued && !failed && <p className="muted">{t('processing.waitText')}</p>}
        {error && <CallError failure={error} />}
      </div>
      <footer className="action-bar">
        <Button
          size="large"
          variant={queued || failed ? 'primary' : 'secondary'}
          data-testid="finish-session"
          onClick={() => {
            // The session is done (this screen shows only that state) and goes on syncing: the
            // visit ends as every visit does, every store emptied (app/end-visit.ts, D-124).
            void endVisit();
          }}
        >
          {t('processing.next')}
        </Button>
      </footer>
    </main>
  );
}
