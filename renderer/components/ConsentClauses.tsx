import { useTranslation } from 'react-i18next';
import type { ConsentClause } from '../stores/session/initialState.ts';

interface Props {
  clauses: ConsentClause[];
  ticked: Record<string, boolean>;
  onTick: (clauseId: string, agreed: boolean) => void;
}

/**
 * The agreement texts with one large "I agree" switch each. Required and optional are labelled
 * in words, not colour alone; the full text is on screen (scrollable), never behind a link.
 */
export function ConsentClauses({ clauses, ticked, onTick }: Props) {
  const { t } = useTranslation();
  if (clauses.length === 0) return <p className="note">{t('consent.noClauses')}</p>;
  return (
    <ul className="clauses">
      {clauses.map((clause) => {
        const on = ticked[clause.id] === true;
        return (
          <li key={clause.id} className="clause card" data-clause-id={clause.id}>
            <div className="clause-head">
              <h3>{clause.title}</h3>
              <span className={clause.required ? 'badge badge-strong' : 'badge'}>{clause.required ? t('common.required') : t('common.optional')}</span>
            </div>
            {t(`consent.kind.${clause.kind}`) !== clause.title && <p className="clause-kind">{t(`consent.kind.${clause.kind}`)}</p>}
            <div className="clause-text" tabIndex={0}>
              {clause.text}
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              className={`switch${on ? ' is-on' : ''}`}
              data-testid={`agree-${clause.id}`}
              onClick={() => onTick(clause.id, !on)}
            >
              <span className="switch-box" aria-hidden="true">
                {on ? '✓' : ''}
              </span>
              <span>{t('consent.agree')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
