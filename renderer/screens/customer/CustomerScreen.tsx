import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CustomerForm } from '../../components/CustomerForm.tsx';
import { CustomerSearch } from '../../components/CustomerSearch.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PinDialog } from '../../components/PinDialog.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { sessionSelectors } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { useStaffStore } from '../../stores/staff/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';
import { SkinConditionChoice } from './SkinConditionChoice.tsx';
import { CallError } from '../../components/CallError.tsx';
import { isPhoneRegistered } from '../../lib/kiosk.ts';
import { staffDone } from '../../app/staff-done.ts';

/**
 * Who the report is for, and the skin condition. A new customer registers here; a returning one
 * is found by staff (the CRM search is a staff action: it needs the staff PIN).
 */
export function CustomerScreen() {
  const { t } = useTranslation();
  const customer = useSessionStore(sessionSelectors.customer);
  const busy = useSessionStore(sessionSelectors.busy);
  const error = useSessionStore(sessionSelectors.error);
  const canBegin = useSessionStore(sessionSelectors.canBeginCapture);
  const { register, chooseCustomer, chooseCrmCustomer, clearCustomer, beginCapture, dismissError } = useSessionStore.getState();
  const unlocked = useKioskStore((s) => s.unlocked.includes('staff'));
  const [search, setSearch] = useState<'closed' | 'pin' | 'open'>('closed');
  /** Search as soon as the search opens: staff come for the number the customer typed. */
  const searchOnOpen = useRef(false);
  const openSearch = () => {
    setSearch('open');
    if (searchOnOpen.current) void useStaffStore.getState().search();
    searchOnOpen.current = false;
  };
  const findByStaff = (phoneNumber = '') => {
    if (phoneNumber) useStaffStore.getState().setKeyword(phoneNumber);
    searchOnOpen.current = phoneNumber !== '';
    if (unlocked) openSearch();
    else setSearch('pin');
  };

  return (
    <main className="screen customer" data-screen="customer">
      <TopBar start={<CancelSessionButton />} />
      <div className="screen-body">
        <h1>{t('customer.title')}</h1>
        {customer ? (
          <div className="card chosen" data-testid="chosen-customer">
            <div>
              <strong>{t('customer.selected', { name: customer.name })}</strong>
              {customer.sessionIds.length > 0 && <p className="muted" data-testid="repeat-visit" data-count={customer.sessionIds.length}>{t('customer.repeatVisit', { count: customer.sessionIds.length })}</p>}
            </div>
            <Button variant="secondary" onClick={clearCustomer}>
              {t('customer.change')}
            </Button>
          </div>
        ) : (
          <div className="two-col">
            <section className="card">
              <h2>{t('customer.newTitle')}</h2>
              <CustomerForm busy={busy} onSubmit={register} failure={error} onDismissFailure={dismissError} onFindByStaff={findByStaff} />
            </section>
            <section className="card">
              <h2>{t('customer.returningTitle')}</h2>
              <p className="muted">{t('customer.returningHint')}</p>
              <Button size="large" variant="secondary" data-testid="find-customer" onClick={() => findByStaff()}>
                {t('customer.findByStaff')}
              </Button>
            </section>
          </div>
        )}
        <SkinConditionChoice />
        {error && !isPhoneRegistered(error) && <CallError failure={error} />}
      </div>
      <footer className="action-bar">
        <Button size="large" data-testid="start-capture" disabled={!canBegin} busy={busy} onClick={() => void beginCapture()}>
          {t('customer.start')}
        </Button>
      </footer>
      {search === 'pin' && <PinDialog role="staff" onUnlocked={openSearch} onCancel={() => setSearch('closed')} />}
      {search === 'open' && (
        <Modal
          title={t('customer.findByStaff')}
          onClose={() => {
            // Staff are done here, whether they chose someone or not (D-134).
            setSearch('closed');
            staffDone();
          }}
          closeLabel={t('common.close')}
          wide
        >
          <CustomerSearch
            masked
            chooseLabel={t('search.choose')}
            onChooseLocal={(c) => {
              chooseCustomer(c);
              setSearch('closed');
              staffDone();
            }}
            onChooseCrm={(c) => {
              void chooseCrmCustomer(c).then(() => {
                // Not registered (the error shows under the form): staff may try again, unlocked.
                if (!useSessionStore.getState().customer) return;
                setSearch('closed');
                staffDone();
              });
            }}
          />
        </Modal>
      )}
    </main>
  );
}
