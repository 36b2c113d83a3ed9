/**
 * Typing into a React-controlled input from outside React. React keeps its own copy of an
 * input's value and ignores `input.value = …`; the native HTMLInputElement setter bypasses that
 * copy, and a bubbling `input` event then runs the field's onChange as if the user had typed (its
 * filtering too: digits only, trimming). Caret-aware where the input type supports a selection
 * (text, search, tel, url, password); email and number inputs have none, so there the keyboard
 * appends and deletes at the end. maxLength is respected as the browser does for typing.
 */
const nativeValueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

interface Selection {
  readonly start: number;
  readonly end: number;
  /** False for input types without a selection API: edits happen at the end. */
  readonly caret: boolean;
}

function selectionOf(input: HTMLInputElement): Selection {
  const length = input.value.length;
  // Null (never a throw) for input types the selection API does not apply to.
  const start = input.selectionStart;
  const end = input.selectionEnd;
  if (start === null || end === null) return { start: length, end: length, caret: false };
  return { start: Math.min(start, end), end: Math.max(start, end), caret: true };
}

function commit(input: HTMLInputElement, value: string, inputType: string, data: string | null, caretAt: number, caret: boolean): void {
  if (!nativeValueSetter) throw new Error('HTMLInputElement has no value setter');
  nativeValueSetter.call(input, value);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data }));
  // The onChange may have filtered the value (React writes its state back synchronously).
  if (caret) input.setSelectionRange(Math.min(caretAt, input.value.length), Math.min(caretAt, input.value.length));
}

function editable(input: HTMLInputElement): boolean {
  return !input.disabled && !input.readOnly;
}

/** Types `text` at the caret (replacing a selection), cut to what maxLength leaves room for. */
export function insertText(input: HTMLInputElement, text: string): void {
  if (!editable(input)) return;
  const { start, end, caret } = selectionOf(input);
  const value = input.value;
  let piece = text;
  if (input.maxLength >= 0) {
    const room = input.maxLength - (value.length - (end - start));
    if (room <= 0) return;
    piece = piece.slice(0, room);
  }
  commit(input, value.slice(0, start) + piece + value.slice(end), 'insertText', piece, start + piece.length, caret);
}

/** Deletes the selection, else the character before the caret (a whole surrogate pair). */
export function deleteBackward(input: HTMLInputElement): void {
  if (!editable(input)) return;
  const { start, end, caret } = selectionOf(input);
  const value = input.value;
  if (start === end && start === 0) return;
  let from = start;
  if (start === end) {
    const low = value.charCodeAt(start - 1);
    const pair = start >= 2 && low >= 0xdc00 && low <= 0xdfff && value.charCodeAt(start - 2) >= 0xd800 && value.charCodeAt(start - 2) <= 0xdbff;
    from = start - (pair ? 2 : 1);
  }
  commit(input, value.slice(0, from) + value.slice(end), 'deleteContentBackward', null, from, caret);
}
