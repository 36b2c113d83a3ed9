import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { captureSelectors } from '../../stores/capture/selectors.ts';
import { useCaptureStore } from '../../stores/capture/store.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';

/** Every shot, per view, with a retake per view; confirming hands the session to sync. */
export function ReviewScreen() {
  const { t } = useTranslation();
  const view = useSessionStore(sessionSelectors.view);
  const busy = useSessionStore(sessionSelectors.busy);
  const { retake, confirm } = useSessionStore.getState();
  const thumbnails = useCaptureStore(captureSelectors.thumbnails);
  const loadThumbnails = useCaptureStore((s) => s.loadThumbnails);

  // Reload only when the set of shots changes (after a retake), not on every view answer.
  const shotKey = view?.state === 'review' ? view.shots.map((s) => s.captureId).join() : '';
  useEffect(() => {
    const current = useSessionStore.getState().view;
    if (shotKey && current) void loadThumbnails(current);
  }, [shotKey, loadThumbnails]);

  if (!view) return null;
  return (
    <main className="screen review" data-screen="review">
      <TopBar start={<CancelSessionButton />} />
      <div className="screen-body">
        <h1>{t('review.title')}</h1>
        <p className="lead">{t('review.hint')}</p>
        <div className="review-grid">
          {view.views.map((plan) => {
            const [first, ...rest] = plan.lights;
            const main = first ? thumbnails[`${plan.view}/${first}`] : undefined;
            return (
              <section key={plan.view} className="card review-card" data-view={plan.view}>
                <h2>{t(`capture.view.${plan.view}`)}</h2>
                <div className="review-main">{main ? <img src={main} alt={t(`capture.view.${plan.view}`)} /> : <div className="img-placeholder" />}</div>
                {rest.length > 0 && (
                  <div className="review-lights">
                    {rest.map((light) => {
                      const url = thumbnails[`${plan.view}/${light}`];
                      return (
                        <figure key={light}>
                          {url ? <img src={url} alt="" /> : <div className="img-placeholder" />}
                          <figcaption>{t(`capture.light.${light}`)}</figcaption>
                        </figure>
                      );
                    })}
                  </div>
                )}
                <Button variant="secondary" disabled={busy} data-testid={`retake-${plan.view}`} onClick={() => void retake(plan.view)}>
                  {t('review.retake', { view: t(`capture.view.${plan.view}`) })}
                </Button>
              </section>
            );
          })}
        </div>
      </div>
      <footer className="action-bar">
        <Button size="large" data-testid="confirm-capture" busy={busy} onClick={() => void confirm()}>
          {t('review.confirm')}
        </Button>
      </footer>
    </main>
  );
}
