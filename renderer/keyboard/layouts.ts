/**
 * The on-screen keyboard's layouts (decision K-UI-006). A field picks one with its
 * `data-keyboard` attribute. Letters are Latin only: names in scripts that need an input method
 * (Chinese, Japanese, Korean, Thai…) are typed on a physical keyboard with the OS's IME, or by
 * staff; this keyboard is not an IME.
 */
export const LAYOUT_NAMES = ['text', 'digits', 'email'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

export function isLayoutName(value: string | null | undefined): value is LayoutName {
  return (LAYOUT_NAMES as readonly (string | null | undefined)[]).includes(value);
}

/**
 * One key. `char` types its value (a letter follows the shift state); `insert` types a fixed
 * string (".com"); the others act. `width` is the key's share of its row (1 = one letter key).
 */
export type KeySpec =
  | { readonly kind: 'char'; readonly value: string; readonly width?: number }
  | { readonly kind: 'insert'; readonly value: string; readonly width?: number }
  | { readonly kind: 'shift' | 'backspace' | 'space' | 'done'; readonly width?: number };

export type KeyRow = readonly KeySpec[];

function chars(text: string): KeySpec[] {
  return [...text].map((value) => ({ kind: 'char', value }));
}

const DIGIT_ROW = chars('1234567890');
const TOP_ROW = chars('qwertyuiop');

/** Names and search words: letters with shift, digits, space, and the hyphen and apostrophe of names. */
const TEXT: readonly KeyRow[] = [
  DIGIT_ROW,
  TOP_ROW,
  [...chars('asdfghjkl'), { kind: 'char', value: "'" }],
  [{ kind: 'shift', width: 1.5 }, ...chars('zxcvbnm'), { kind: 'char', value: '-' }, { kind: 'backspace', width: 1.5 }],
  [{ kind: 'space', width: 7 }, { kind: 'done', width: 3 }],
];

/** Email addresses: letters and digits with the characters addresses use, and ".com". */
const EMAIL: readonly KeyRow[] = [
  DIGIT_ROW,
  TOP_ROW,
  [...chars('asdfghjkl'), { kind: 'char', value: '@' }],
  [{ kind: 'shift', width: 1.5 }, ...chars('zxcvbnm'), { kind: 'char', value: '.' }, { kind: 'backspace', width: 1.5 }],
  [{ kind: 'char', value: '_', width: 1.5 }, { kind: 'char', value: '-', width: 1.5 }, { kind: 'insert', value: '.com', width: 2.5 }, { kind: 'done', width: 4.5 }],
];

/** Phone numbers and counts: a 3x4 pad like the PIN pad. */
const DIGITS: readonly KeyRow[] = [chars('123'), chars('456'), chars('789'), [{ kind: 'backspace' }, { kind: 'char', value: '0' }, { kind: 'done' }]];

export const LAYOUTS: Record<LayoutName, readonly KeyRow[]> = { text: TEXT, digits: DIGITS, email: EMAIL };
