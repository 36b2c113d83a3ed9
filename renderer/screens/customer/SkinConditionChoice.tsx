import { useTranslation } from 'react-i18next';
import type { SkinCondition } from '../../stores/session/initialState.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';

const CONDITIONS: readonly SkinCondition[] = ['clean', 'fresh_makeup', 'other'];

/**
 * The skin-condition flag recorded with every session (issue 8): make-up changes every measure,
 * so results and comparisons say which sessions had it. No default: the customer says.
 */
export function SkinConditionChoice() {
  const { t } = useTranslation();
  const value = useSessionStore(sessionSelectors.skinCondition);
  const setSkinCondition = useSessionStore((s) => s.setSkinCondition);
  return (
    <section className="skin-choice">
      <h2>{t('customer.skinTitle')}</h2>
      <div className="choice-grid" role="radiogroup" aria-label={t('customer.skinTitle')}>
        {CONDITIONS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={value === c}
            data-condition={c}
            className={`choice${value === c ? ' is-on' : ''}`}
            onClick={() => setSkinCondition(c)}
          >
            <span className={`choice-icon choice-${c}`} aria-hidden="true" />
            {t(`customer.skin.${c}`)}
          </button>
        ))}
      </div>
      <p className="muted">{t('customer.skinNote')}</p>
    </section>
  );
}
