import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskInput } from '../../main/kiosk-api/types.ts';
import { brokenRules, CUSTOMER_LIMITS, type FieldRule } from '../../common/kiosk/customer-rules.ts';
import { birthdayOf, NO_BIRTHDAY, type BirthdayParts } from '../lib/birthday-parts.ts';
import { BirthdayField } from './BirthdayField.tsx';
import { isPhoneRegistered, type CallFailure } from '../lib/kiosk.ts';
import { Button } from './Button.tsx';
import { FieldProblems } from './FieldProblems.tsx';
import { PhoneRegisteredDialog } from './PhoneRegisteredDialog.tsx';

type CustomerInput = KioskInput<'registerCustomer'>['customer'];

interface Props {
  /** Registers; `sharedPhoneConfirmed` once the customer said the number is shared (D-131). */
  onSubmit: (customer: CustomerInput, sharedPhoneConfirmed: boolean) => Promise<unknown>;
  busy: boolean;
  /** The last registration's failure: a number another customer has opens the question (D-131). */
  failure: CallFailure | null;
  /** Puts the failure away (the question answered): kept in the store, so a form mounted again does not ask again. */
  onDismissFailure: () => void;
  /** The staff search for a returning customer, where the screen has one to offer (the customer screen), for the number typed. */
  onFindByStaff?: (phoneNumber: string) => void;
  /** Who reads the question: the customer, or staff registering someone in the staff area. */
  audience?: 'customer' | 'operator';
  /** Country calling code offered first (the store's market). */
  defaultCc?: number;
}

const GENDERS = [0, 1, 2] as const;

/**
 * Registration: only the name is required; phone and email let the store find the customer
 * next time. Checked here against the same rules main validates with (common/kiosk/
 * customer-rules.ts), so the customer sees which field is wrong, and why, before anything is sent.
 */
export function CustomerForm({ onSubmit, busy, failure, onDismissFailure, onFindByStaff, audience = 'customer', defaultCc = 65 }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [phoneCc, setPhoneCc] = useState(String(defaultCc));
  const [phoneNumber, setPhoneNumber] = useState('');
  const [email, setEmail] = useState('');
  const [birthday, setBirthday] = useState<BirthdayParts>(NO_BIRTHDAY);
  const [gender, setGender] = useState<0 | 1 | 2>(0);
  const [invalid, setInvalid] = useState<FieldRule[]>([]);
  const phoneField = useRef<HTMLInputElement | null>(null);

  /** Marks a refused input, so the customer sees where the listed rule applies. */
  const refused = (field: FieldRule['field']) => invalid.some((rule) => rule.field === field);

  function submit(sharedPhoneConfirmed = false) {
    const values = { name, phoneCc, phoneNumber, email, birthday: birthdayOf(birthday) };
    const bad = brokenRules(values);
    setInvalid(bad);
    if (bad.length > 0) return;
    void onSubmit({ ...values, name: name.trim(), phoneCc: Number(phoneCc), gender, customId: '' }, sharedPhoneConfirmed);
  }

  return (
    <div className="form" data-testid="customer-form">
      <label className="field">
        <span>{t('customer.name')}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" aria-invalid={refused('name')} name="name" maxLength={CUSTOMER_LIMITS.nameMax} data-keyboard="text" />
      </label>
      <div className="field-row">
        <label className="field field-cc">
          <span>{t('customer.phoneCc')}</span>
          <input value={phoneCc} inputMode="numeric" onChange={(e) => setPhoneCc(e.target.value.replace(/\D/g, ''))} aria-invalid={refused('phoneCc')} name="phoneCc" maxLength={String(CUSTOMER_LIMITS.phoneCcMax).length} data-keyboard="digits" />
        </label>
        <label className="field">
          <span>{t('customer.phone')}</span>
          <input ref={phoneField} value={phoneNumber} inputMode="tel" onChange={(e) => setPhoneNumber(e.target.value.replace(/\D/g, ''))} aria-invalid={refused('phoneNumber')} name="phone" maxLength={CUSTOMER_LIMITS.phoneDigitsMax} data-keyboard="digits" />
        </label>
      </div>
      <label className="field">
        <span>{t('customer.email')}</span>
        <input value={email} type="email" inputMode="email" onChange={(e) => setEmail(e.target.value.trim())} aria-invalid={refused('email')} name="email" maxLength={CUSTOMER_LIMITS.emailMax} data-keyboard="email" />
      </label>
      <div className="field-row">
        <BirthdayField value={birthday} onChange={setBirthday} invalid={refused('birthday')} />
        <div className="field">
          <span>{t('customer.gender')}</span>
          <div className="segmented" role="radiogroup" aria-label={t('customer.gender')}>
            {GENDERS.map((g) => (
              <button key={g} type="button" role="radio" aria-checked={gender === g} className={gender === g ? 'is-on' : ''} onClick={() => setGender(g)}>
                {t(`customer.genders.g${g}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
      {invalid.length > 0 && <FieldProblems rules={invalid} />}
      <Button size="large" data-testid="register" busy={busy} onClick={() => submit()}>
        {t('customer.register')}
      </Button>
      {isPhoneRegistered(failure) && (
        <PhoneRegisteredDialog
          audience={audience}
          {...(onFindByStaff
            ? {
                onFindByStaff: () => {
                  onDismissFailure();
                  onFindByStaff(phoneNumber);
                },
              }
            : {})}
          onRegisterSeparately={() => submit(true)}
          onChangeNumber={() => {
            onDismissFailure();
            // Back to the number, marked as the field to change.
            phoneField.current?.focus();
          }}
        />
      )}
    </div>
  );
}
