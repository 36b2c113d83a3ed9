import { create } from 'zustand';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { Customer, KioskInput } from '../../../main/kiosk-api/types.ts';
import { failureOf, kiosk } from '../../lib/kiosk.ts';
import { initialStaffState, type StaffState } from './initialState.ts';

export interface StaffActions {
  setTab(tab: StaffState['tab']): void;
  setKeyword(keyword: string): void;
  /** CRM search through main (local customers and the merchant's CRM call-out). */
  search(): Promise<void>;
  /** The next page of the same search, added below what is shown. */
  searchMore(): Promise<void>;
  setDay(day: string): void;
  loadSessions(): Promise<void>;
  /** Sends a finished session again; the row shows `notes.done`, or `notes.refused` when main has nothing to send. */
  retry(sessionId: string, notes: { done: string; refused: string }): Promise<void>;
  askDelete(target: NonNullable<StaffState['pendingDelete']>): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
  loadRegisterClauses(lang: LanguageCode): Promise<void>;
  tickRegister(clauseId: string, agreed: boolean): void;
  /** Registers with the ticked clauses agreed and the rest rejected; null when refused. */
  register(customer: KioskInput<'registerCustomer'>['customer'], sharedPhoneConfirmed?: boolean): Promise<Customer | null>;
  /** Puts the last failure away (a question staff answered, D-131). */
  dismissError(): void;
  reset(): void;
}

export const useStaffStore = create<StaffState & StaffActions>()((set, get) => ({
  ...initialStaffState(),

  setTab(tab) {
    set({ tab, error: null });
  },

  setKeyword(keyword) {
    set({ keyword });
  },

  async search() {
    const keyword = get().keyword.trim();
    if (!keyword) return;
    set({ searching: true, error: null });
    try {
      set({ result: await kiosk().searchCustomers({ keyword }), page: 1, searching: false });
    } catch (error) {
      set({ searching: false, error: failureOf(error) });
    }
  },

  async searchMore() {
    const { keyword, result, page } = get();
    if (!result || !keyword.trim()) return;
    set({ searching: true, error: null });
    try {
      const next = await kiosk().searchCustomers({ keyword: keyword.trim(), page: page + 1 });
      const localIds = new Set(result.local.map((c) => c.id));
      const crmIds = new Set(result.crm.map((c) => c.customId));
      set({
        result: {
          ...next,
          local: [...result.local, ...next.local.filter((c) => !localIds.has(c.id))],
          crm: [...result.crm, ...next.crm.filter((c) => !crmIds.has(c.customId))],
        },
        page: page + 1,
        searching: false,
      });
    } catch (error) {
      set({ searching: false, error: failureOf(error) });
    }
  },

  setDay(day) {
    set({ day });
  },

  async loadSessions() {
    set({ loadingSessions: true, error: null });
    try {
      const { sessions, dailyCount } = await kiosk().listSessions({ day: get().day });
      set({ sessions, dailyCount, loadingSessions: false });
    } catch (error) {
      set({ loadingSessions: false, error: failureOf(error) });
    }
  },

  async retry(sessionId, notes) {
    try {
      const { ok } = await kiosk().retrySync({ sessionId });
      set((s) => ({ rowNotes: { ...s.rowNotes, [sessionId]: ok ? notes.done : notes.refused } }));
      await get().loadSessions();
    } catch (error) {
      set((s) => ({ rowNotes: { ...s.rowNotes, [sessionId]: failureOf(error) } }));
    }
  },

  askDelete(target) {
    set({ pendingDelete: target });
  },

  cancelDelete() {
    set({ pendingDelete: null });
  },

  async confirmDelete() {
    const target = get().pendingDelete;
    if (!target) return;
    set({ pendingDelete: null, error: null });
    try {
      if (target.kind === 'session') await kiosk().deleteSession({ sessionId: target.id });
      else await kiosk().deleteCustomer({ customerId: target.id });
      if (target.kind === 'customer') await get().search();
      await get().loadSessions();
    } catch (error) {
      set({ error: failureOf(error) });
    }
  },

  async loadRegisterClauses(lang) {
    try {
      const { clauses } = await kiosk().getConsentClauses({ lang });
      set({ registerClauses: clauses, registerTicked: Object.fromEntries(clauses.map((c) => [c.id, get().registerTicked[c.id] ?? false])) });
    } catch (error) {
      set({ error: failureOf(error) });
    }
  },

  tickRegister(clauseId, agreed) {
    set((s) => ({ registerTicked: { ...s.registerTicked, [clauseId]: agreed } }));
  },

  dismissError() {
    set({ error: null });
  },

  async register(customer, sharedPhoneConfirmed = false) {
    const { registerClauses, registerTicked } = get();
    set({ registering: true, error: null, registered: null });
    try {
      const created = await kiosk().registerCustomer({
        customer,
        sharedPhoneConfirmed,
        agreedClauseIds: registerClauses.filter((c) => registerTicked[c.id]).map((c) => c.id),
        rejectedClauseIds: registerClauses.filter((c) => !registerTicked[c.id]).map((c) => c.id),
      });
      set({ registering: false, registered: created, registerTicked: {} });
      return created;
    } catch (error) {
      set({ registering: false, error: failureOf(error) });
      return null;
    }
  },

  reset() {
    set(initialStaffState());
  },
}));
