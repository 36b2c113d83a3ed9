import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../lib/kiosk.ts';

/**
 * A refused or failed kiosk API call on a customer screen: a sentence in the customer's language
 * chosen by the failure's code, and main's own message (English, technical: a port, a field) in
 * small print for the staff member who comes to help, as the capture fault panel does.
 */
export function CallError({ failure, className = 'note note-bad' }: { failure: CallFailure; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="call-error" data-code={failure.code}>
      <p className={className}>{t(`callError.${failure.code}`)}</p>
      <p className="muted small" dir="auto" data-testid="call-error-detail">
        {t('callError.detail', { detail: failure.message })}
      </p>
    </div>
  );
}
