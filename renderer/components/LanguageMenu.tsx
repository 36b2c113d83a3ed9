import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { LANGUAGES } from '../../protocol/enums/languages.ts';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { Modal } from './Modal.tsx';

/** Drawn, not an emoji: kiosk systems often lack a colour emoji font. */
function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z" />
    </svg>
  );
}

/** A button with the current language's own name; opens the merchant's enabled languages. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = useKioskStore(kioskSelectors.language);
  const languages = useKioskStore(useShallow(kioskSelectors.languages));
  const setLanguage = useKioskStore((s) => s.setLanguage);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-normal lang-button" data-testid="language-button" onClick={() => setOpen(true)}>
        <GlobeIcon /> <span lang={language}>{LANGUAGES[language].native}</span>
      </button>
      {open && (
        <Modal title={t('common.language')} onClose={() => setOpen(false)} closeLabel={t('common.close')}>
          <div className="lang-grid">
            {languages.map((code) => (
              <button
                key={code}
                type="button"
                lang={code}
                dir={LANGUAGES[code].rtl ? 'rtl' : 'ltr'}
                className={`btn btn-large ${code === language ? 'btn-primary' : 'btn-secondary'}`}
                onClick={() => {
                  void setLanguage(code);
                  setOpen(false);
                }}
              >
                {LANGUAGES[code].native}
              </button>
            ))}
          </div>
        </Modal>
      )}
    </>
  );
}
