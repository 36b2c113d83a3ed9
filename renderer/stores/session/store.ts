import { create } from 'zustand';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { Customer, KioskInput, SessionView } from '../../../main/kiosk-api/types.ts';
import { customerInputOfCrm, type CrmCustomer } from '../../lib/crm-customer.ts';
import { errorCode, failureOf, kiosk } from '../../lib/kiosk.ts';
import { initialSessionState, type SessionState, type SkinCondition } from './initialState.ts';

type CancelReason = NonNullable<KioskInput<'cancelSession'>['reason']>;

type View = SessionView['views'][number]['view'];
type Light = SessionView['views'][number]['lights'][number];

export interface SessionActions {
  /** createSession + the consent texts in the chosen language. */
  start(lang: LanguageCode): Promise<void>;
  loadClauses(lang: LanguageCode): Promise<void>;
  tick(clauseId: string, agreed: boolean): void;
  /** Records consent with the clause ids (issue 8); the unticked ones as rejected. */
  submitConsent(): Promise<void>;
  /** Everything rejected: main cancels the session. */
  declineConsent(): Promise<void>;
  register(input: KioskInput<'registerCustomer'>['customer'], sharedPhoneConfirmed?: boolean): Promise<Customer | null>;
  chooseCustomer(customer: Customer): void;
  /** A CRM hit becomes a kiosk customer (with this session's consent) before it can be chosen. */
  chooseCrmCustomer(crm: CrmCustomer): Promise<void>;
  clearCustomer(): void;
  /** Puts the last failure away (a question the customer answered, D-131). */
  dismissError(): void;
  preselect(customer: Customer | null): void;
  setSkinCondition(condition: SkinCondition): void;
  beginCapture(): Promise<void>;
  /** A session view answered by any capture call. */
  applyView(view: SessionView): void;
  /**
   * Staff override (needs the staff PIN in this connection): 'forbidden' when main asks for the
   * PIN (never given, or lapsed after idle minutes), so the screen can ask for it.
   */
  captureNow(): Promise<'ok' | 'forbidden' | 'failed'>;
  retake(view: View, light?: Light): Promise<void>;
  confirm(): Promise<void>;
  /** Cancels the open session: by the Cancel button ('staff') or because the screen was left ('idle', D-077). */
  cancel(reason?: CancelReason): Promise<void>;
  reset(): void;
  /** Takes up a session main holds that this screen lost track of (a reload); null when gone. */
  resume(sessionId: string): Promise<SessionView | null>;
}

export const useSessionStore = create<SessionState & SessionActions>()((set, get) => {
  /** Runs one API step with busy/error bookkeeping; null when it failed. */
  async function step<T>(work: () => Promise<T>): Promise<T | null> {
    set({ busy: true, error: null });
    try {
      const result = await work();
      set({ busy: false });
      return result;
    } catch (error) {
      set({ busy: false, error: failureOf(error) });
      return null;
    }
  }
  const sessionId = (): string => {
    const id = get().sessionId;
    if (!id) throw new Error('no session');
    return id;
  };

  return {
    ...initialSessionState,

    async start(lang) {
      const preselected = get().preselected;
      set({ ...initialSessionState, preselected });
      const view = await step(() => kiosk().createSession({}));
      if (!view) return;
      set({ sessionId: view.id, view });
      await get().loadClauses(lang);
    },

    async resume(id) {
      const view = await step(() => kiosk().getSession({ sessionId: id }));
      if (view) set({ ...initialSessionState, sessionId: id, view });
      return view;
    },

    async loadClauses(lang) {
      const answer = await step(() => kiosk().getConsentClauses({ lang }));
      if (!answer) return;
      // Required clauses start unticked: consent must be an act of the customer.
      const ticked: Record<string, boolean> = {};
      for (const clause of answer.clauses) ticked[clause.id] = get().ticked[clause.id] ?? false;
      set({ clauses: answer.clauses, ticked });
    },

    tick(clauseId, agreed) {
      set((s) => ({ ticked: { ...s.ticked, [clauseId]: agreed } }));
    },

    async submitConsent() {
      const { clauses, ticked } = get();
      const agreedClauseIds = clauses.filter((c) => ticked[c.id]).map((c) => c.id);
      const rejectedClauseIds = clauses.filter((c) => !ticked[c.id]).map((c) => c.id);
      const view = await step(() => kiosk().submitConsent({ sessionId: sessionId(), agreedClauseIds, rejectedClauseIds }));
      if (view) set({ view, agreedClauseIds, rejectedClauseIds, customer: get().preselected });
    },

    async declineConsent() {
      const rejectedClauseIds = get().clauses.map((c) => c.id);
      const id = get().sessionId;
      if (!id) return;
      const view = await step(() => kiosk().submitConsent({ sessionId: id, agreedClauseIds: [], rejectedClauseIds }));
      if (view) set({ view });
    },

    async register(customer, sharedPhoneConfirmed = false) {
      const { agreedClauseIds, rejectedClauseIds } = get();
      const created = await step(() => kiosk().registerCustomer({ customer, agreedClauseIds, rejectedClauseIds, sharedPhoneConfirmed }));
      if (created) set({ customer: created });
      return created;
    },

    chooseCustomer(customer) {
      set({ customer, error: null });
    },

    async chooseCrmCustomer(crm) {
      await get().register(customerInputOfCrm(crm));
    },

    dismissError() {
      set({ error: null });
    },

    clearCustomer() {
      set({ customer: null });
    },

    preselect(customer) {
      set({ preselected: customer });
    },

    setSkinCondition(condition) {
      set({ skinCondition: condition });
    },

    async beginCapture() {
      const { customer, skinCondition } = get();
      if (!customer || !skinCondition) return;
      const view = await step(() => kiosk().chooseCustomer({ sessionId: sessionId(), customerId: customer.id, skinCondition }));
      if (view) set({ view });
    },

    applyView(view) {
      if (view.id === get().sessionId) set({ view });
    },

    async captureNow() {
      set({ busy: true, error: null });
      try {
        const view = await kiosk().captureNow({ sessionId: sessionId() });
        set({ busy: false, view });
        return 'ok';
      } catch (error) {
        const forbidden = errorCode(error) === 'forbidden';
        set({ busy: false, error: forbidden ? null : failureOf(error) });
        return forbidden ? 'forbidden' : 'failed';
      }
    },

    async retake(view, light) {
      const next = await step(() => kiosk().retake({ sessionId: sessionId(), view, light }));
      if (next) set({ view: next });
    },

    async confirm() {
      const view = await step(() => kiosk().confirmCapture({ sessionId: sessionId() }));
      if (view) set({ view });
    },

    async cancel(reason: CancelReason = 'staff') {
      const id = get().sessionId;
      if (id) await step(() => kiosk().cancelSession({ sessionId: id, reason }));
      set({ ...initialSessionState });
    },

    reset() {
      set({ ...initialSessionState });
    },
  };
});
