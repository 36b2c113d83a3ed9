import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { captureSelectors } from '../../stores/capture/selectors.ts';
import { useCaptureStore } from '../../stores/capture/store.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';
import { ReviewPhotoViewer } from './ReviewPhotoViewer.tsx';

type Plan = SessionView['views'][number];
type Light = Plan['lights'][number];

/**
 * Every shot, per view, with a retake per view; confirming hands the session to sync. Each photo
 * is a button that enlarges it (D-055): small pictures cannot show blur or closed eyes.
 */
export function ReviewScreen() {
  const { t } = useTranslation();
  const view = useSessionStore(sessionSelectors.view);
  const busy = useSessionStore(sessionSelectors.busy);
  const { retake, confirm } = useSessionStore.getState();
  const thumbnails = useCaptureStore(captureSelectors.thumbnails);
  const loadThumbnails = useCaptureStore((s) => s.loadThumbnails);
  const [enlarged, setEnlarged] = useState<{ plan: Plan; light: Light } | null>(null);

  // Reload only when the set of shots changes (after a retake), not on every view answer.
  const shotKey = view?.state === 'review' ? view.shots.map((s) => s.captureId).join() : '';
  useEffect(() => {
    const current = useSessionStore.getState().view;
    if (shotKey && current) void loadThumbnails(current);
  }, [shotKey, loadThumbnails]);

  if (!view) return null;
  const photo = (plan: Plan, light: Light, alt: string) => {
    const url = thumbnails[`${plan.view}/${light}`];
    if (!url) return <div className="img-placeholder" />;
    return (
      <button
        type="button"
        className="review-photo"
        data-photo={`${plan.view}/${light}`}
        aria-label={t('review.enlarge', { photo: `${t(`capture.view.${plan.view}`)} · ${t(`capture.light.${light}`)}` })}
        onClick={() => setEnlarged({ plan, light })}
      >
        <img src={url} alt={alt} />
        <span className="review-zoom-mark" aria-hidden="true" />
      </button>
    );
  };
  return (
    <main className="screen review" data-screen="review">
      <TopBar start={<CancelSessionButton />} />
      <div className="screen-body">
        <h1>{t('review.title')}</h1>
        <p className="lead">
          {t('review.hint')}
          <span className="review-enlarge-hint">{t('review.enlargeHint')}</span>
        </p>
        <div className="review-grid">
          {view.views.map((plan) => {
            const [first, ...rest] = plan.lights;
            return (
              <section key={plan.view} className="card review-card" data-view={plan.view}>
                <h2>{t(`capture.view.${plan.view}`)}</h2>
                <div className="review-main">{first ? photo(plan, first, t(`capture.view.${plan.view}`)) : <div className="img-placeholder" />}</div>
                {rest.length > 0 && (
                  <div className="review-lights">
                    {rest.map((light) => (
                      <figure key={light}>
                        {photo(plan, light, '')}
                        <figcaption>{t(`capture.light.${light}`)}</figcaption>
                      </figure>
                    ))}
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
      {enlarged && (
        <ReviewPhotoViewer
          sessionId={view.id}
          plan={enlarged.plan}
          light={enlarged.light}
          thumbnails={thumbnails}
          busy={busy}
          onClose={() => setEnlarged(null)}
          onRetake={() => {
            const target = enlarged.plan.view;
            setEnlarged(null);
            void retake(target);
          }}
        />
      )}
    </main>
  );
}
