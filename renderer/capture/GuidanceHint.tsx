import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../main/kiosk-api/types.ts';

interface Props {
  view: SessionView;
}

/**
 * One instruction, large, at a time: the first issue in main's priority order. The next two are
 * listed small so the customer knows what follows (e.g. "remove glasses" after "come closer").
 */
export function GuidanceHint({ view }: Props) {
  const { t } = useTranslation();
  const issues = view.guidance?.issues ?? [];
  const ok = view.guidance?.ok === true;
  let main: string;
  if (view.state === 'capturing') main = t('capture.capturing');
  else if (ok || view.state === 'countdown') main = t('capture.ok');
  else if (issues[0]) main = t(`capture.guidance.${issues[0]}`);
  else main = view.current ? t(`capture.instruction.${view.current.view}`) : t('capture.waiting');
  return (
    <div className={`hint${ok ? ' is-ok' : ''}`} aria-live="polite" data-testid="guidance" data-issue={issues[0] ?? (ok ? 'ok' : '')}>
      <p className="hint-main">{main}</p>
      {!ok && view.state === 'live' && issues.length > 1 && (
        <ul className="hint-more">
          {issues.slice(1, 3).map((issue) => (
            <li key={issue}>{t(`capture.guidance.${issue}`)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
