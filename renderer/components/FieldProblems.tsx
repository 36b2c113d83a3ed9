import { useTranslation } from 'react-i18next';
import type { FieldRule } from '../../common/kiosk/customer-rules.ts';

/**
 * "Please check:" and, per refused field, the rule it broke in the customer's words ("Name:
 * enter 1 to 60 characters"), whether the form or main refused it (D-048).
 */
export function FieldProblems({ rules }: { rules: readonly FieldRule[] }) {
  const { t } = useTranslation();
  return (
    <div className="note note-bad field-problems" role="alert" data-testid="field-problems">
      <p>{t('customer.invalid')}</p>
      <ul>
        {rules.map((rule) => (
          <li key={rule.field} data-field={rule.field}>
            {t(`customer.rule.${rule.field}`, rule.params)}
          </li>
        ))}
      </ul>
    </div>
  );
}
