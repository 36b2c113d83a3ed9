import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { LANGUAGES, type LanguageCode } from '../../../protocol/enums/languages.ts';
import { Button } from '../../components/Button.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { CallError } from '../../components/CallError.tsx';

/**
 * The attract screen. Touching a language is the start: one touch chooses it and opens consent.
 * The merchant's default language comes first (issue 8). Operator entries sit at the bottom,
 * real buttons, never hidden gestures that staff forget.
 */
export function IdleScreen() {
  const { t } = useTranslation();
  const languages = useKioskStore(useShallow(kioskSelectors.languages));
  const online = useKioskStore(kioskSelectors.online);
  const status = useKioskStore(kioskSelectors.status);
  const statusError = useKioskStore(kioskSelectors.statusError);
  const setLanguage = useKioskStore((s) => s.setLanguage);
  const goTo = useKioskStore((s) => s.goTo);
  const openOperatorArea = useKioskStore((s) => s.openOperatorArea);
  const start = useSessionStore((s) => s.start);
  const sessionError = useSessionStore((s) => s.error);
  const callError = statusError ?? sessionError;
  const [starting, setStarting] = useState<LanguageCode | null>(null);

  async function begin(code: LanguageCode) {
    setStarting(code);
    await setLanguage(code);
    await start(code);
    setStarting(null);
    if (useSessionStore.getState().sessionId) goTo('consent');
  }

  return (
    <main className="screen idle" data-screen="idle">
      <div className="idle-top">
        <StatusPill />
      </div>
      <section className="idle-hero">
        <div className="idle-mark" aria-hidden="true">
          <span />
        </div>
        <h1>{t('idle.title')}</h1>
        <p className="lead">{t('idle.subtitle')}</p>
      </section>
      <section className="idle-languages" aria-label={t('idle.chooseLanguage')}>
        <p className="idle-prompt">{t('idle.chooseLanguage')}</p>
        <div className="lang-grid">
          {languages.map((code, i) => (
            <Button
              key={code}
              size="large"
              variant={i === 0 ? 'primary' : 'secondary'}
              lang={code}
              dir={LANGUAGES[code].rtl ? 'rtl' : 'ltr'}
              data-lang={code}
              busy={starting === code}
              disabled={starting !== null || status === null}
              onClick={() => void begin(code)}
            >
              {LANGUAGES[code].native}
            </Button>
          ))}
        </div>
        {!online && status && <p className="note note-warn">{t('idle.offlineNote')}</p>}
        {callError && <CallError failure={callError} />}
      </section>
      <footer className="idle-operators">
        <Button variant="ghost" data-testid="open-staff" onClick={() => openOperatorArea('staff')}>
          {t('idle.staff')}
        </Button>
        <Button variant="ghost" data-testid="open-technician" onClick={() => openOperatorArea('technician')}>
          {t('idle.technician')}
        </Button>
      </footer>
    </main>
  );
}
