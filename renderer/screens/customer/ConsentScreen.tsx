import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ConsentClauses } from '../../components/ConsentClauses.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';
import { CallError } from '../../components/CallError.tsx';

/** Consent first (DESIGN.md data flow): recorded with the clause ids, agreed and rejected. */
export function ConsentScreen() {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const clauses = useSessionStore(sessionSelectors.clauses);
  const ticked = useSessionStore(sessionSelectors.ticked);
  const complete = useSessionStore(sessionSelectors.consentComplete);
  const busy = useSessionStore(sessionSelectors.busy);
  const error = useSessionStore(sessionSelectors.error);
  const { tick, submitConsent, declineConsent, loadClauses } = useSessionStore.getState();

  // The texts follow the language, also when it is changed on this screen.
  useEffect(() => {
    void loadClauses(language);
  }, [language, loadClauses]);

  return (
    <main className="screen consent" data-screen="consent">
      <TopBar start={<CancelSessionButton />} />
      <div className="screen-body narrow">
        <h1>{t('consent.title')}</h1>
        <p className="lead">{t('consent.intro')}</p>
        <ConsentClauses clauses={clauses} ticked={ticked} onTick={tick} />
        {!complete && <p className="note">{t('consent.requiredMissing')}</p>}
        {error && <CallError failure={error} />}
      </div>
      <footer className="action-bar">
        <Button variant="secondary" size="large" data-testid="consent-decline" disabled={busy} onClick={() => void declineConsent()}>
          {t('consent.decline')}
        </Button>
        <Button size="large" data-testid="consent-accept" disabled={!complete} busy={busy} onClick={() => void submitConsent()}>
          {t('consent.accept')}
        </Button>
      </footer>
    </main>
  );
}
