import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endVisit } from '../../app/end-visit.ts';
import { Button } from '../../components/Button.tsx';
import { useSessionStore } from '../../stores/session/store.ts';
import { DiscardSessionDialog } from './DiscardSessionDialog.tsx';

/**
 * Ends the customer's session (main records it as cancelled) and returns to the idle screen. Once
 * the customer has answered anything (consent given: registration, photos), one tap would throw it
 * all away, so it asks first (issue 16 item 2, D-047); on the consent screen nothing is lost yet.
 */
export function CancelSessionButton() {
  const { t } = useTranslation();
  const hasAnswers = useSessionStore((s) => s.view !== null && s.view.state !== 'consent');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        data-testid="cancel-session"
        onClick={() => {
          if (hasAnswers) setAsking(true);
          else void endVisit();
        }}
      >
        {t('common.cancel')}
      </Button>
      {asking && (
        <DiscardSessionDialog
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            void endVisit();
          }}
        />
      )}
    </>
  );
}
