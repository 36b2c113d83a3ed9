import { useTranslation } from 'react-i18next';
import { BIRTHDAY_PART_DIGITS, partOrder, type BirthdayParts } from '../lib/birthday-parts.ts';

interface Props {
  readonly value: BirthdayParts;
  readonly onChange: (parts: BirthdayParts) => void;
  readonly invalid: boolean;
}

/**
 * Date of birth in three boxes of digits, each with its name above it, typed on the on-screen
 * digit keys (D-130). It replaced Chromium's date input, whose calendar needs dozens of taps to
 * reach a birth year, whose typed form follows the browser's locale (mm/dd/yyyy in a Singapore
 * store) and which the on-screen keyboard could not fill.
 */
export function BirthdayField({ value, onChange, invalid }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="field birthday" aria-invalid={invalid}>
      <legend>{t('customer.birthday')}</legend>
      <div className="birthday-parts">
        {partOrder(i18n.language).map((part) => (
          <label key={part} className={`birthday-part birthday-${part}`}>
            <span>{t(`customer.birthdayParts.${part}`)}</span>
            <input
              value={value[part]}
              inputMode="numeric"
              autoComplete="off"
              maxLength={BIRTHDAY_PART_DIGITS[part]}
              onChange={(e) => onChange({ ...value, [part]: e.target.value.replace(/\D/g, '').slice(0, BIRTHDAY_PART_DIGITS[part]) })}
              // A tap on a box of two or four digits means "type it again": its digits are selected, so
              // keys replace them. On a tap only: the on-screen keyboard gives the focus back to the
              // field while keys are typed, and selecting then would let the next key overwrite them.
              onClick={(e) => e.currentTarget.select()}
              aria-invalid={invalid}
              name={`birthday-${part}`}
              data-keyboard="digits"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
