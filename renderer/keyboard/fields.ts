/**
 * Which elements the on-screen keyboard serves, and what it changes on them while it does.
 * A field opts in with `data-keyboard="text|digits|email"` on an <input>; nothing else is served.
 */
import { isLayoutName, type LayoutName } from './layouts.ts';

/** The layout a served field asked for, or null when the element is not a keyboard field. */
export function keyboardLayoutOf(element: EventTarget | null): LayoutName | null {
  if (!(element instanceof HTMLInputElement) || element.disabled || element.readOnly) return null;
  const layout = element.dataset.keyboard;
  return isLayoutName(layout) ? layout : null;
}

/** Whether a pointer that went down on `pointerTarget` was aimed at `field` (itself or one of its labels). */
export function aimsAt(pointerTarget: EventTarget | null, field: HTMLInputElement): boolean {
  if (!(pointerTarget instanceof Node)) return false;
  if (field.contains(pointerTarget)) return true;
  return [...(field.labels ?? [])].some((label) => label.contains(pointerTarget));
}

/** The inputmode each served field had before, to put back when the keyboard leaves it. */
const previousInputMode = new WeakMap<HTMLInputElement, string | null>();

/**
 * `inputmode="none"` while served: a system touch keyboard (Windows) would otherwise open on top
 * of ours. Set synchronously when focus arrives, before the browser tells the OS about the field.
 */
export function claimField(field: HTMLInputElement): void {
  if (previousInputMode.has(field)) return;
  previousInputMode.set(field, field.getAttribute('inputmode'));
  field.setAttribute('inputmode', 'none');
}

export function releaseField(field: HTMLInputElement): void {
  if (!previousInputMode.has(field)) return;
  const previous = previousInputMode.get(field);
  previousInputMode.delete(field);
  if (previous === null || previous === undefined) field.removeAttribute('inputmode');
  else field.setAttribute('inputmode', previous);
}
