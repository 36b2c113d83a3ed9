import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { CallError } from '../../components/CallError.tsx';
import type { CallFailure } from '../../lib/kiosk.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { useResultsStore } from '../../stores/results/store.ts';

/** An envelope drawn in lines, as the phone button draws a phone. */
function EnvelopeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </svg>
  );
}

/**
 * The report link by e-mail (issue 16 item 12, D-067), beside the phone QR: offered only when the
 * kiosk has a mail server and the customer registered an address (main says so: report.email).
 * The address is shown masked; the tap is the consent, and the sentence above the button says
 * what it sends. After the tap, what became of it, in words for a customer at the counter.
 */
export function EmailLink({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const send = useResultsStore((s) => s.sendReportEmail);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const email = report.email;
  if (!email) return null;
  // Isolated, so an address keeps its order inside an Arabic sentence.
  const address = `\u2068${email.maskedAddress}\u2069`;

  async function tap() {
    setBusy(true);
    setFailure(await send(language));
    setBusy(false);
  }

  const button = (label: string) => (
    <Button variant="secondary" size="large" busy={busy} data-testid="email-send" onClick={() => void tap()}>
      <EnvelopeIcon />
      {label}
    </Button>
  );

  return (
    <div className="email-link" data-testid="email-link" data-state={email.state}>
      {email.state === 'offered' && (
        <>
          {button(t('results.emailSend'))}
          <p className="muted small">{t('results.emailConsent', { address })}</p>
        </>
      )}
      {email.state === 'queued' && (
        <p className="note" role="status" data-testid="email-status">
          {report.shareUrl ? t('results.emailQueued', { address }) : t('results.emailQueuedOffline', { address })}
        </p>
      )}
      {email.state === 'sent' && (
        <p className="note" role="status" data-testid="email-status">
          {t('results.emailSent', { address })}
        </p>
      )}
      {email.state === 'uncertain' && (
        <p className="note" role="status" data-testid="email-status">
          {t('results.emailUncertain', { address })}
        </p>
      )}
      {email.state === 'failed' && (
        <>
          <p className="note note-bad" role="status" data-testid="email-status">
            {t('results.emailFailed', { address })}
          </p>
          {button(t('results.emailRetry'))}
        </>
      )}
      {failure && <CallError failure={failure} />}
    </div>
  );
}
