/**
 * When the on-screen keyboard opens and closes (decision K-UI-006). It opens only for a field that
 * a finger (or pen) focused: the last pointerdown is remembered with its pointerType and target,
 * and a key press on a physical keyboard forgets it, so mouse and keyboard users never see it.
 * It closes once focus has left the keyboard fields (a tap elsewhere, Tab to a button); that check
 * waits until the tap's whole event sequence has run, so the page does not shift under a finger
 * between its pointerdown and its click.
 */
import { useEffect } from 'react';
import { aimsAt, keyboardLayoutOf } from './fields.ts';
import { useKeyboardStore } from './store.ts';

const TOUCH_POINTERS = new Set(['touch', 'pen']);

/** The keyboard's own element carries this attribute (OnScreenKeyboard): its keys never count as "outside". */
const KEYBOARD_ATTRIBUTE = 'data-on-screen-keyboard';

function insideKeyboard(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${KEYBOARD_ATTRIBUTE}]`) !== null;
}

function asField(target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && keyboardLayoutOf(target) ? target : null;
}

export function useTouchFocus(): void {
  useEffect(() => {
    let lastPointer: { type: string; target: EventTarget | null } | null = null;
    let settling: ReturnType<typeof setTimeout> | undefined;

    const touchedField = (field: HTMLInputElement) => lastPointer !== null && TOUCH_POINTERS.has(lastPointer.type) && aimsAt(lastPointer.target, field);

    /** Once the current events are done: keep serving the focused keyboard field, else close. */
    const settle = () => {
      clearTimeout(settling);
      settling = setTimeout(() => {
        const keyboard = useKeyboardStore.getState();
        if (!keyboard.target) return;
        const focused = asField(document.activeElement);
        if (focused) keyboard.serve(focused);
        else keyboard.close();
      }, 0);
    };

    const onPointerDown = (event: PointerEvent) => {
      lastPointer = { type: event.pointerType, target: event.target };
    };
    const onKeyDown = () => {
      lastPointer = null;
    };
    const onFocusIn = (event: FocusEvent) => {
      const field = asField(event.target);
      if (!field) return;
      const keyboard = useKeyboardStore.getState();
      // Synchronously, inside the focus event: inputmode="none" must be set before the browser
      // asks the OS for its own touch keyboard.
      if (keyboard.target || touchedField(field)) keyboard.serve(field);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!insideKeyboard(event.relatedTarget)) settle();
    };
    // A tap on a field that kept its focus (no focusin): open for it all the same.
    const onClick = (event: MouseEvent) => {
      const field = asField(event.target);
      if (field && document.activeElement === field && touchedField(field)) useKeyboardStore.getState().serve(field);
    };

    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('click', onClick);
    return () => {
      clearTimeout(settling);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('click', onClick);
    };
  }, []);
}
