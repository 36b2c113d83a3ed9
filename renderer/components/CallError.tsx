import { useTranslation } from 'react-i18next';
import { ruleOfField } from '../../common/kiosk/customer-rules.ts';
import type { CallFailure } from '../lib/kiosk.ts';
import { FieldProblems } from './FieldProblems.tsx';

/**
 * A refused or failed kiosk API call, as a sentence chosen by the failure's code in the screen's
 * language, then main's own message (English, technical: a port, a field) as it is. Customers are
 * told to ask staff, with main's message in small print for the staff member who comes; staff and
 * technicians are told what the code means for them (a lapsed PIN, a record changed meanwhile)
 * and read main's message next to it. A registration field main refused is named with its rule.
 */
export function CallError({ failure, audience = 'customer', className = 'note note-bad' }: { failure: CallFailure; audience?: 'customer' | 'operator'; className?: string }) {
  const { t } = useTranslation();
  // A refused registration field is said with the rule it broke, as the form says it (D-048).
  const rule = failure.code === 'invalid_input' ? ruleOfField(failure.field) : null;
  return (
    <div role="alert" data-testid="call-error" data-code={failure.code}>
      {rule ? <FieldProblems rules={[rule]} /> : <p className={className}>{t(`callError.${audience}.${failure.code}`)}</p>}
      <p className="muted small" dir="auto" data-testid="call-error-detail">
        {audience === 'customer' ? t('callError.detail', { detail: failure.message }) : failure.message}
      </p>
    </div>
  );
}
