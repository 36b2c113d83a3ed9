import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { CallError } from '../../components/CallError.tsx';
import { ConsentClauses } from '../../components/ConsentClauses.tsx';
import { CustomerForm } from '../../components/CustomerForm.tsx';
import { CustomerSearch } from '../../components/CustomerSearch.tsx';
import { customerInputOfCrm } from '../../lib/crm-customer.ts';
import { failureOf, isPhoneRegistered } from '../../lib/kiosk.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { staffSelectors } from '../../stores/staff/selectors.ts';
import { useStaffStore } from '../../stores/staff/store.ts';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { staffDone } from '../../app/staff-done.ts';

/** Find a customer (kiosk + CRM), register a new one, or start an analysis for one. */
export function CustomersTab() {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const goTo = useKioskStore((s) => s.goTo);
  const clauses = useStaffStore(staffSelectors.registerClauses);
  const ticked = useStaffStore(staffSelectors.registerTicked);
  const consentComplete = useStaffStore(staffSelectors.registerConsentComplete);
  const registering = useStaffStore(staffSelectors.registering);
  const registered = useStaffStore(staffSelectors.registered);
  const error = useStaffStore(staffSelectors.error);
  const { loadRegisterClauses, tickRegister, register, askDelete, dismissError, setKeyword, search } = useStaffStore.getState();

  useEffect(() => {
    void loadRegisterClauses(language);
  }, [language, loadRegisterClauses]);

  /** Starts a customer session for this customer: consent on screen, then straight to capture. */
  async function startFor(customer: Customer) {
    const session = useSessionStore.getState();
    session.preselect(customer);
    await session.start(language);
    const after = useSessionStore.getState();
    if (after.sessionId) {
      staffDone();
      goTo('consent');
      return;
    }
    // Not started (the device not ready, say): staff see why, and the next walk-up customer does
    // not inherit this customer.
    after.preselect(null);
    useStaffStore.setState({ error: after.error });
  }

  return (
    <div className="two-col">
      <section className="card">
        <CustomerSearch
          chooseLabel={t('staff.startSession')}
          onChooseLocal={(c) => void startFor(c)}
          onChooseCrm={(crm) => {
            void register(customerInputOfCrm(crm))
              .then((c) => c && startFor(c))
              .catch((e: unknown) => useStaffStore.setState({ error: failureOf(e) }));
          }}
          localAction={(c) => (
            <Button variant="danger" size="small" data-testid="delete-customer" onClick={() => askDelete({ kind: 'customer', id: c.id, name: c.name })}>
              {t('staff.deleteCustomer')}
            </Button>
          )}
        />
      </section>
      <section className="card">
        <h2>{t('staff.registerTitle')}</h2>
        <ConsentClauses clauses={clauses} ticked={ticked} onTick={tickRegister} />
        {consentComplete ? (
          <CustomerForm
            busy={registering}
            onSubmit={register}
            failure={error}
            onDismissFailure={dismissError}
            audience="operator"
            // The search beside the form, for the number typed (D-134).
            onFindByStaff={(phoneNumber) => {
              setKeyword(phoneNumber);
              void search();
            }}
          />
        ) : (
          <p className="note">{t('consent.requiredMissing')}</p>
        )}
        {registered && (
          <div className="card chosen" data-testid="registered">
            <strong>{t('staff.registered', { name: registered.name })}</strong>
            <Button onClick={() => void startFor(registered)}>{t('staff.startSession')}</Button>
          </div>
        )}
        {error && !isPhoneRegistered(error) && <CallError failure={error} audience="operator" />}
      </section>
      <DeleteConfirm />
    </div>
  );
}
