/**
 * Mobile numbers as people and CRMs write them, compared as the same number or not (D-131).
 * The form stores digits only, but a merchant's CRM may hold "+65 9123-4567", "0065 91234567" or
 * a trunk "0" ("07700 900123"), and rows stored before the calling code was required hold 0 there.
 * Runtime-free (D-036): main's registration check and the renderer's CRM mapping share it.
 */

/**
 * The national digits of a number: signs, spaces and punctuation dropped; a calling code written
 * in front of it ("+65 …", "0065 …") dropped when it is `cc`; one trunk "0" dropped. A calling
 * code is recognised only after "+" or "00": a national number may itself begin with the digits
 * of its calling code (Singapore's 6512 3456).
 */
export function nationalDigits(cc: number, raw: string): string {
  let digits = raw.replace(/\D/g, '');
  const international = /^\s*(\+|00)/.test(raw);
  if (international) {
    if (raw.trimStart().startsWith('00')) digits = digits.slice(2);
    const code = String(cc);
    if (cc >= 1 && digits.startsWith(code)) digits = digits.slice(code.length);
  }
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

export interface PhoneNumber {
  /** The calling code; 0 when unknown (rows stored before it was required). */
  readonly cc: number;
  readonly number: string;
}

/** Whether two numbers are the same: the same national digits (at least four) and no two known calling codes that differ. */
export function samePhone(a: PhoneNumber, b: PhoneNumber): boolean {
  if (a.cc >= 1 && b.cc >= 1 && a.cc !== b.cc) return false;
  const left = nationalDigits(a.cc, a.number);
  return left.length >= 4 && left === nationalDigits(b.cc, b.number);
}
