/**
 * The on-screen keyboard's small state: which field it serves (null: closed), with which layout,
 * and whether shift is down. The served field's inputmode is changed here, in the same call that
 * opens the keyboard, so it happens synchronously inside the focus event (fields.ts).
 */
import { create } from 'zustand';
import { claimField, keyboardLayoutOf, releaseField } from './fields.ts';
import type { LayoutName } from './layouts.ts';

export interface KeyboardState {
  target: HTMLInputElement | null;
  layout: LayoutName;
  /** One-shot: the next letter is a capital, then shift releases. */
  shifted: boolean;
}

export interface KeyboardActions {
  /** Opens the keyboard for a field (or moves it to another); ignored for non-keyboard fields. */
  serve(field: HTMLInputElement): void;
  close(): void;
  toggleShift(): void;
  releaseShift(): void;
}

const initialKeyboardState: KeyboardState = { target: null, layout: 'text', shifted: false };

export const useKeyboardStore = create<KeyboardState & KeyboardActions>()((set, get) => ({
  ...initialKeyboardState,

  serve(field) {
    const layout = keyboardLayoutOf(field);
    if (!layout) return;
    const previous = get().target;
    if (previous === field && get().layout === layout) return;
    if (previous && previous !== field) releaseField(previous);
    claimField(field);
    set({ target: field, layout, shifted: false });
  },

  close() {
    const previous = get().target;
    if (!previous) return;
    releaseField(previous);
    set({ ...initialKeyboardState });
  },

  toggleShift() {
    set({ shifted: !get().shifted });
  },

  releaseShift() {
    if (get().shifted) set({ shifted: false });
  },
}));

export const keyboardSelectors = {
  target: (s: KeyboardState) => s.target,
  open: (s: KeyboardState) => s.target !== null,
  layout: (s: KeyboardState) => s.layout,
  shifted: (s: KeyboardState) => s.shifted,
};
