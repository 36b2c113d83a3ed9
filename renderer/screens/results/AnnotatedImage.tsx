import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIGHT_SOURCES } from '../../../protocol/skin-api/api-codes.ts';
import { isFirstLevel } from '../../../protocol/enums/concerns.ts';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { ZoomableImage } from '../../components/ZoomableImage.tsx';
import { MarksLegend } from './MarksLegend.tsx';
import type { Light, View } from '../../stores/results/initialState.ts';
import { annotationAt, annotationChoices, dimensionNameOf, dimensionOf, legendRows, notMeasuredOf, resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';

const ALL_VIEWS: readonly View[] = ['front', 'left', 'right'];

/**
 * The selected dimension's annotated image, switchable by view and light, zoomable. Where the
 * analysis drew no annotation for a view or light, the plain capture is shown instead (so the
 * customer can still look at every light), and the tabs say which ones carry annotations. An
 * annotation that cannot be loaded (it lives on the platform, and the kiosk may be offline) gives
 * way to the kiosk's own capture of that view and light, with a note saying so.
 */
export function AnnotatedImage({ report, captured }: { report: Report; captured: { view: View; lights: Light[] }[] }) {
  const { t } = useTranslation();
  const dimensionId = useResultsStore(resultsSelectors.dimension);
  const view = useResultsStore(resultsSelectors.view);
  const light = useResultsStore(resultsSelectors.light);
  const fallback = useResultsStore(resultsSelectors.fallbackImage);
  const { selectView, selectLight, loadFallbackImage } = useResultsStore.getState();
  const dimension = dimensionOf(report, dimensionId);
  // A dimension this visit could not measure (D-033) has no annotation: its name still heads the
  // plain photo, so the customer sees what was looked at.
  const dimensionName = dimensionNameOf(report, dimensionId);
  // ... and says it was not measured, and why, so the plain photo is not read as a finding (D-124).
  const notMeasured = notMeasuredOf(report, dimensionId);
  const choices = useMemo(() => annotationChoices(dimension), [dimension]);

  const views = ALL_VIEWS.filter((v) => choices.views.includes(v) || captured.some((c) => c.view === v));
  // Lights in the device's order (white first), whichever carry annotations.
  const present = new Set([...choices.lights(view), ...(captured.find((c) => c.view === view)?.lights ?? [])]);
  const lights = LIGHT_SOURCES.filter((l) => present.has(l));
  const annotation = annotationAt(dimension, view, light);
  const annotationAddress = annotation?.url ?? null;
  const [unloadable, setUnloadable] = useState<ReadonlySet<string>>(() => new Set());
  const annotated = annotationAddress && !unloadable.has(annotationAddress) ? annotationAddress : null;

  // Keep view and light on something that exists when the dimension changes.
  useEffect(() => {
    if (views.length > 0 && !views.includes(view)) selectView(views[0] as View);
  }, [views, view, selectView]);
  useEffect(() => {
    if (light !== null && !lights.includes(light)) selectLight(lights[0] ?? null);
  }, [lights, light, selectLight]);

  // Until a light is chosen, the first one with an annotation of this dimension.
  const plainLight = light ?? choices.lights(view)[0] ?? lights[0] ?? 'white';
  useEffect(() => {
    if (!annotated) void loadFallbackImage(view, plainLight);
  }, [annotated, view, plainLight, loadFallbackImage]);

  const src = annotated ?? (fallback?.key === `${view}/${plainLight}` ? fallback.url : null);
  return (
    <section className="card viewer" data-testid="annotated-image" data-view={view} data-light={light ?? ''} data-shown-light={annotated ? (light ?? '') : plainLight} data-annotated={annotated !== null}>
      <h2>
        {t('results.image')}
        {dimensionName ? ` · ${dimensionName}` : ''}
      </h2>
      <div className="tabs" role="tablist" aria-label={t('results.viewLabel')}>
        {views.map((v) => (
          <button key={v} type="button" role="tab" aria-selected={v === view} className={v === view ? 'tab is-on' : 'tab'} data-view-tab={v} onClick={() => selectView(v)}>
            {t(`capture.view.${v}`)}
            {choices.views.includes(v) ? ' ●' : ''}
          </button>
        ))}
      </div>
      {lights.length > 1 && (
        <div className="chips" role="tablist" aria-label={t('results.lightLabel')}>
          {lights.map((l) => (
            <button key={l} type="button" role="tab" aria-selected={l === plainLight} className={l === plainLight ? 'chip is-on' : 'chip'} data-light-tab={l} onClick={() => selectLight(l)}>
              <span className={`light-swatch light-${l}`} aria-hidden="true" />
              {t(`capture.light.${l}`)}
            </button>
          ))}
        </div>
      )}
      {notMeasured && (
        <p className="note small" data-testid="close-up-not-measured">
          {t('results.notMeasured', { reason: notMeasured.reasonText })}
        </p>
      )}
      {annotationAddress && !annotated && (
        <p className="note note-warn small" data-testid="own-capture-note">
          {t('results.ownCapture')}
        </p>
      )}
      {src ? (
        <ZoomableImage
          src={src}
          alt={dimensionName ?? t('results.image')}
          labels={{ zoomIn: t('results.zoomIn'), zoomOut: t('results.zoomOut'), reset: t('results.zoomReset') }}
          onError={annotated ? () => setUnloadable((s) => new Set(s).add(annotated)) : undefined}
        />
      ) : (
        <p className="note">{t('results.noImage')}</p>
      )}
      {/* The legend describes the marks, so it shows only while the marked photo does (D-069). */}
      {annotated && annotation && dimension && (
        <MarksLegend dimension={dimension.dimension} name={dimension.name} rows={legendRows(annotation.marks)} firstLevel={isFirstLevel(dimension.dimension, dimension.level) ? dimension.levelName : null} />
      )}
    </section>
  );
}
