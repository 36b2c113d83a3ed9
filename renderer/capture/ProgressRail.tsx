import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../main/kiosk-api/types.ts';
import { railSteps } from '../stores/session/selectors.ts';

/**
 * Views, and under each the lights it is shot with: done, current, to come. Names in words, not
 * only dots, so staff can tell a customer "two more".
 */
export function ProgressRail({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const steps = useMemo(() => railSteps(view), [view]);
  const groups = view.views.map((plan) => ({ view: plan.view, steps: steps.filter((s) => s.view === plan.view) }));
  return (
    <ol className="rail" aria-label={t('capture.railTitle')} data-testid="progress-rail">
      {groups.map((group) => {
        const status = group.steps.every((s) => s.status === 'done') ? 'done' : group.steps.some((s) => s.status === 'current') ? 'current' : 'pending';
        return (
          <li key={group.view} className={`rail-view is-${status}`} data-view={group.view} data-status={status}>
            <span className="rail-view-name">{t(`capture.view.${group.view}`)}</span>
            <ol className="rail-lights">
              {group.steps.map((s) => (
                <li key={s.light} className={`rail-light is-${s.status}`} data-light={s.light} data-status={s.status} title={t(`capture.light.${s.light}`)}>
                  <span className={`light-swatch light-${s.light}`} aria-hidden="true">
                    {s.status === 'done' ? '✓' : ''}
                  </span>
                  <span className="rail-light-name">{t(`capture.light.${s.light}`)}</span>
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}
