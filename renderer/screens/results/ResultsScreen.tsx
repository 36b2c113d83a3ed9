import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import type { Light, View } from '../../stores/results/initialState.ts';
import { resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { AnnotatedImage } from './AnnotatedImage.tsx';
import { Comparison } from './Comparison.tsx';
import { DimensionList } from './DimensionList.tsx';
import { Recommendations } from './Recommendations.tsx';
import { ShareButton } from './ShareButton.tsx';
import { SharePanel } from './SharePanel.tsx';
import { StandingPanel } from './StandingPanel.tsx';
import { Summary } from './Summary.tsx';
import { CallError } from '../../components/CallError.tsx';
import { endVisit } from '../../app/end-visit.ts';

const SHARE_LINK_POLL_MS = 5000;

/** The report: summary, close-up, progress over time, where the customer stands, findings by concern, recommendations, phone link. */
export function ResultsScreen() {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const status = useKioskStore(kioskSelectors.status);
  const goTo = useKioskStore((s) => s.goTo);
  const unlockedStaff = useKioskStore((s) => s.unlocked.includes('staff'));
  const report = useResultsStore(resultsSelectors.report);
  const history = useResultsStore(resultsSelectors.history);
  const error = useResultsStore(resultsSelectors.error);
  const refreshReport = useResultsStore((s) => s.refreshReport);
  const sessionView = useSessionStore((s) => s.view);

  // Level names and explanations come from main in the chosen language: re-read on a change.
  useEffect(() => {
    void refreshReport(language);
  }, [language, refreshReport]);

  // The phone link exists once the report reached the platform; a report that is ready here but
  // still on its way (offline, retrying) gets its QR code when it arrives. An e-mail the customer
  // asked for says when it went (D-067).
  const awaitingLink = report?.stage === 'ready' && (!report.shareUrl || report.email?.state === 'queued');
  useEffect(() => {
    if (!awaitingLink) return;
    const timer = setInterval(() => void refreshReport(language), SHARE_LINK_POLL_MS);
    return () => clearInterval(timer);
  }, [awaitingLink, language, refreshReport]);

  // Left untouched, the results return to idle (a staff-opened report locks): app/useIdleGuard.ts, D-046.

  // Which images exist: the session's own shots when it is this one, else the device plan.
  const captured = useMemo((): { view: View; lights: Light[] }[] => {
    if (sessionView && report && sessionView.id === report.sessionId) {
      return sessionView.views.map((v) => ({ view: v.view, lights: v.lights.filter((l) => sessionView.shots.some((s) => s.view === v.view && s.light === l)) }));
    }
    return (status?.device.views ?? ['front']).map((view) => ({ view, lights: status?.device.lights ?? ['white'] }));
  }, [sessionView, report, status]);

  function finish() {
    // Staff who opened an old report go back to their list; a customer's visit ends as every
    // visit does (app/end-visit.ts): every store emptied, the staff's search and lists included,
    // so the next customer finds nothing of this one (D-124).
    if (unlockedStaff && sessionView === null) {
      useSessionStore.getState().reset();
      useResultsStore.getState().reset();
      goTo('staff');
    } else void endVisit();
  }

  return (
    <main className="screen results" data-screen="results">
      <TopBar
        title={t('results.title')}
        end={report?.stage === 'ready' ? <ShareButton report={report} /> : undefined}
        start={
          <Button variant="ghost" data-testid="results-finish" onClick={finish}>
            {t('results.finish')}
          </Button>
        }
      />
      {!report ? (
        <div className="screen-body center">
          {error ? <CallError failure={error} /> : <p className="note">{t('common.loading')}</p>}
        </div>
      ) : report.stage !== 'ready' ? (
        <div className="screen-body center">
          <p className="note">{t('results.notReady')}</p>
        </div>
      ) : (
        <div className="results-layout">
          {/*
           * D-055: summary first; the close-up beside the findings in landscape (sticky inside
           * .results-top only, so it can never slide over the recommendations below), after the
           * summary in portrait; the history right under the summary, never at the page's end.
           */}
          <div className="results-top">
            <Summary report={report} />
            <div className="results-side">
              <AnnotatedImage report={report} captured={captured} />
            </div>
            <Comparison report={report} history={history} captured={captured} />
            <StandingPanel report={report} />
            <DimensionList report={report} />
          </div>
          <div className="results-wide">
            <Recommendations report={report} />
            <SharePanel report={report} />
          </div>
        </div>
      )}
    </main>
  );
}
