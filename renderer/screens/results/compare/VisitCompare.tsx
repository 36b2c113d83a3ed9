import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { History, Report } from '../../../../main/kiosk-api/types.ts';
import { Modal } from '../../../components/Modal.tsx';
import { Segmented } from '../../../components/Segmented.tsx';
import { formatVisitDate } from '../../../lib/format.ts';
import { kioskSelectors } from '../../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../../stores/kiosk/store.ts';
import type { Light, View } from '../../../stores/results/initialState.ts';
import { changeCounts, previousVisit, visitChanges } from '../../../stores/results/visit-changes.ts';
import { visitCountsLine } from './visit-counts.ts';
import { ChangeTable } from './ChangeTable.tsx';
import { ComparePhotos } from './ComparePhotos.tsx';
import { useVisitPhotos } from './useVisitPhotos.ts';

interface Props {
  report: Report;
  history: History;
  /** The views and lights this session captured: the earlier visit is shown in the same one. */
  captured: { view: View; lights: Light[] }[];
  onClose(): void;
}

/**
 * Two visits side by side (issue 16 item 7, D-061): this session against an earlier one of the
 * same customer, in the same view and light, the earlier face aligned onto this one, with a wipe
 * slider or side by side, and every dimension's change against its measured noise band.
 */
export function VisitCompare({ report, history, captured, onClose }: Props) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const visits = useMemo(() => [...history.points].sort((a, b) => a.createdAt - b.createdAt), [history]);
  const current = visits.find((p) => p.sessionId === report.sessionId) ?? null;
  const earlier = visits.filter((p) => p.createdAt < report.createdAt && p.sessionId !== report.sessionId);
  const [beforeId, setBeforeId] = useState(previousVisit(history, report.sessionId)?.sessionId ?? earlier[earlier.length - 1]?.sessionId ?? '');
  const before = earlier.find((p) => p.sessionId === beforeId) ?? null;
  const views = captured.filter((c) => c.lights.length > 0);
  const [view, setView] = useState<View>(views[0]?.view ?? 'front');
  const lights = views.find((c) => c.view === view)?.lights ?? ['white'];
  const [light, setLight] = useState<Light>(lights[0] ?? 'white');
  const [mode, setMode] = useState<'wipe' | 'side'>('wipe');
  const photos = useVisitPhotos(beforeId, report.sessionId, view, lights.includes(light) ? light : (lights[0] ?? 'white'));
  const changes = useMemo(() => (before && current ? visitChanges(before, current, history.noiseBand) : []), [before, current, history]);
  const counts = changeCounts(changes);
  // Earlier visits are told apart by their time when one fell on the same day as this one.
  const dated = (ms: number) => formatVisitDate(ms, ms === report.createdAt ? (before?.createdAt ?? ms) : report.createdAt, language);

  return (
    <Modal title={t('results.visits.title')} onClose={onClose} closeLabel={t('common.close')} wide className="visit-compare">
      <div className="visit-compare-body" data-testid="visit-compare" data-before={beforeId} data-after={report.sessionId}>
        {earlier.length > 1 && (
          <Segmented
            label={t('results.visits.earlier')}
            value={beforeId}
            testId="compare-visit"
            options={earlier.map((p) => ({ value: p.sessionId, label: dated(p.createdAt) }))}
            onChange={setBeforeId}
          />
        )}
        <div className="compare-controls">
          {views.length > 1 && (
            <Segmented label={t('results.visits.view')} value={view} testId="compare-view" options={views.map((c) => ({ value: c.view, label: t(`capture.view.${c.view}`) }))} onChange={setView} />
          )}
          {lights.length > 1 && (
            <Segmented label={t('results.visits.light')} value={light} testId="compare-light" options={lights.map((l) => ({ value: l, label: t(`capture.light.${l}`) }))} onChange={setLight} />
          )}
          <Segmented
            label={t('results.visits.layout')}
            value={mode}
            testId="compare-mode"
            options={[
              { value: 'wipe', label: t('results.visits.wipe') },
              { value: 'side', label: t('results.visits.side') },
            ]}
            onChange={setMode}
          />
        </div>
        <ComparePhotos
          photos={photos}
          mode={mode}
          beforeLabel={before ? t('results.visits.beforeOn', { date: dated(before.createdAt) }) : ''}
          afterLabel={t('results.visits.nowOn', { date: dated(report.createdAt) })}
        />
        {before && current ? (
          <>
            <p className="visit-counts" data-testid="visit-counts">
              {visitCountsLine(t, counts)}
            </p>
            <p className="muted small">{t('results.visits.bandNote')}</p>
            <ChangeTable report={report} changes={changes} />
          </>
        ) : (
          <p className="note">{t('results.visits.notInHistory')}</p>
        )}
      </div>
    </Modal>
  );
}
