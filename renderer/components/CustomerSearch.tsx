import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer, KioskOutput } from '../../main/kiosk-api/types.ts';
import { useMainMessage } from '../i18n/main-messages.ts';
import { staffSelectors } from '../stores/staff/selectors.ts';
import { useStaffStore } from '../stores/staff/store.ts';
import { Button } from './Button.tsx';
import { maskedEmail, maskedMemberNumber, maskedPhone } from '../lib/masked-contact.ts';

type CrmCustomer = KioskOutput<'searchCustomers'>['crm'][number];

interface Props {
  onChooseLocal: (customer: Customer) => void;
  onChooseCrm: (customer: CrmCustomer) => void;
  chooseLabel: string;
  /** Extra per-row action for local customers (staff: delete). */
  localAction?: (customer: Customer) => ReactNode;
  /** On the customer's own screen: phone, e-mail and member number partly hidden (D-124). */
  masked?: boolean;
}

function phone(cc: number, number: string): string {
  return number ? `+${cc} ${number}` : '';
}

/** How a row shows contact details: whole in the staff area, partly hidden where the customer stands. */
const WHOLE = { phone, email: (email: string | undefined) => email ?? '', member: (id: string) => id };
const MASKED = { phone: maskedPhone, email: maskedEmail, member: maskedMemberNumber };

/** A number, an address or a member number: read left to right in every script. */
interface Ltr {
  readonly ltr: string;
}
const ltr = (text: string): Ltr | '' => (text ? { ltr: text } : '');

/**
 * A row's details, separated by dots. Numbers and addresses are isolated left to right (bdi):
 * run into Arabic text, "+65 •••0001" read "0001••• 65+" and the parts came out reordered.
 */
function Details({ parts }: { parts: readonly (Ltr | string)[] }) {
  const shown = parts.filter((part) => part !== '');
  return (
    <span className="muted">
      {shown.map((part, k) => (
        <Fragment key={k}>
          {k > 0 && ' · '}
          {typeof part === 'string' ? part : <bdi dir="ltr">{part.ltr}</bdi>}
        </Fragment>
      ))}
    </span>
  );
}

/** Staff search: customers on this kiosk and the merchant's CRM (relayed by main). */
export function CustomerSearch({ onChooseLocal, onChooseCrm, chooseLabel, localAction, masked = false }: Props) {
  const { t } = useTranslation();
  const say = useMainMessage();
  const keyword = useStaffStore(staffSelectors.keyword);
  const result = useStaffStore(staffSelectors.result);
  const searching = useStaffStore(staffSelectors.searching);
  const { setKeyword, search, searchMore } = useStaffStore.getState();
  const shown = result ? result.local.length + result.crm.length : 0;
  const show = masked ? MASKED : WHOLE;

  return (
    <div className="search" data-testid="customer-search">
      <form
        className="search-bar"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input value={keyword} placeholder={t('search.placeholder')} onChange={(e) => setKeyword(e.target.value)} name="keyword" aria-label={t('search.placeholder')} maxLength={100} data-keyboard="text" />
        <Button busy={searching} disabled={!keyword.trim()} onClick={() => void search()}>
          {t('search.search')}
        </Button>
      </form>
      {result && result.local.length + result.crm.length === 0 && <p className="note">{t('search.noResults')}</p>}
      {result && result.local.length > 0 && (
        <section>
          <h3>{t('search.local')}</h3>
          <ul className="rows">
            {result.local.map((c) => (
              <li key={c.id} className="row" data-customer-id={c.id}>
                <div className="row-main">
                  <strong>{c.name}</strong>
                  <Details parts={[ltr(show.phone(c.phoneCc, c.phoneNumber)), ltr(show.email(c.email)), t('search.sessions', { count: c.sessionIds.length })]} />
                </div>
                {localAction?.(c)}
                <Button onClick={() => onChooseLocal(c)}>{chooseLabel}</Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result && result.crm.length > 0 && (
        <section>
          <h3>{t('search.crm')}</h3>
          <ul className="rows">
            {result.crm.map((c) => (
              <li key={c.customId} className="row" data-crm-id={c.customId}>
                <div className="row-main">
                  <strong>{c.name}</strong>
                  <Details parts={[ltr(show.phone(c.phoneCc, c.phoneNumber)), ltr(show.email(c.email)), ltr(show.member(c.customId))]} />
                </div>
                <Button onClick={() => onChooseCrm(c)}>{chooseLabel}</Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result && shown < result.total && (
        <Button variant="secondary" data-testid="search-more" busy={searching} onClick={() => void searchMore()}>
          {t('search.more', { shown, total: result.total })}
        </Button>
      )}
      {result?.crmError && (
        <p className="note note-warn" data-testid="crm-error" data-key={result.crmError.key}>
          {say(result.crmError)}
        </p>
      )}
    </div>
  );
}
