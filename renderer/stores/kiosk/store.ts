import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { failureOf, kiosk } from '../../lib/kiosk.ts';
import { useSessionStore } from '../session/store.ts';
import { initialKioskState, type CameraPrefs, type KioskState, type Role, type Screen } from './initialState.ts';

export interface KioskActions {
  loadStatus(): Promise<void>;
  setLanguage(code: LanguageCode): Promise<void>;
  goTo(screen: Screen): void;
  /** Opens the PIN pad for an operator area, or the area itself when already unlocked. */
  openOperatorArea(role: Role): void;
  closePin(): void;
  /** Checks a PIN with main; true when it unlocked the role. */
  verifyPin(role: Role, pin: string): Promise<boolean>;
  /** Back to the idle screen, operator areas locked, language back to the merchant default. */
  returnToIdle(): Promise<void>;
  /** Every operator area asks for its PIN again (the screen stays where it is). */
  lockOperatorAreas(): void;
  setCameraPrefs(prefs: CameraPrefs): void;
}

export const useKioskStore = create<KioskState & KioskActions>()(
  persist(
    (set, get) => ({
      ...initialKioskState,

      async loadStatus() {
        try {
          const status = await kiosk().getStatus({});
          set({ status, statusError: null });
        } catch (error) {
          set({ statusError: failureOf(error) });
        }
      },

      async setLanguage(code) {
        await changeLanguage(code);
        set({ language: code });
      },

      goTo(screen) {
        set({ screen, pinFor: null });
      },

      openOperatorArea(role) {
        if (get().unlocked.includes(role)) set({ screen: role, pinFor: null });
        else set({ pinFor: role });
      },

      closePin() {
        set({ pinFor: null });
      },

      async verifyPin(role, pin) {
        const { ok } = await kiosk().verifyPin({ role, pin });
        if (ok) set((s) => ({ unlocked: s.unlocked.includes(role) ? s.unlocked : [...s.unlocked, role] }));
        return ok;
      },

      async returnToIdle() {
        const status = get().status;
        get().lockOperatorAreas();
        set({ screen: 'idle' });
        // A customer staff chose but never started for must not pass to the next person.
        useSessionStore.getState().preselect(null);
        await get().setLanguage(status?.languages.default ?? 'en');
      },

      lockOperatorAreas() {
        const hadRoles = get().unlocked.length > 0;
        set({ pinFor: null, unlocked: [] });
        // Main drops the roles too; should the call fail, they lapse by themselves when idle.
        if (hadRoles) void kiosk().lock({}).catch(() => undefined);
      },

      setCameraPrefs(prefs) {
        set({ cameraPrefs: prefs });
      },
    }),
    {
      name: 'kiosk.renderer',
      storage: createJSONStorage(() => localStorage),
      // Only the camera choice survives a reload: a new customer must never inherit the last
      // one's language, screen or an unlocked operator area.
      partialize: (state) => ({ cameraPrefs: state.cameraPrefs }),
    },
  ),
);
