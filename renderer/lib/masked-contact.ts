/**
 * Contact details shown where the customer stands (D-124). Staff find a returning customer on the
 * customer's own screen ("Who is the report for?"), and a search for a few letters lists other
 * people: their names stay readable so staff can pick the right one, but a phone number, e-mail
 * address or member number shows only what tells two namesakes apart, never most of it.
 */

const HIDDEN = '\u2022\u2022\u2022';

/**
 * The last characters of a value (letters and digits only), at most four and at most half of
 * them ("•••4567"; "A1234" gives "•••34"); a value of one character is hidden whole.
 */
function tail(value: string): string {
  const compact = value.replace(/[^\p{L}\p{N}]/gu, '');
  const visible = Math.min(4, Math.floor(compact.length / 2));
  return visible === 0 ? HIDDEN : `${HIDDEN}${compact.slice(-visible)}`;
}

/** "+65 •••4567": the country code and the last digits. */
export function maskedPhone(cc: number, number: string): string {
  return number ? `+${cc} ${tail(number)}` : '';
}

/** "a•••@example.com": the domain, and the name's first character when it has three or more. */
export function maskedEmail(email: string | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return HIDDEN;
  return `${at >= 3 ? email.slice(0, 1) : ''}${HIDDEN}${email.slice(at)}`;
}

/** A member number: its last characters, as a phone number's. */
export function maskedMemberNumber(id: string): string {
  return id ? tail(id) : '';
}
