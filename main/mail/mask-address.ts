/**
 * An e-mail address as the results screen shows it (D-067): enough for the customer to know it
 * is theirs, not enough for someone looking over their shoulder. j***@example.com.
 */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = address.slice(0, at);
  // The first character of the local part (a whole code point, so a CJK or emoji name stays valid).
  const first = Array.from(local)[0] ?? '';
  return `${first}***${address.slice(at)}`;
}

/**
 * Every address in a text masked, for the kiosk log: a mail server's reply often repeats the
 * recipient ("550 <jiali@example.com>: no such user"), and customer details are not logged.
 */
export function maskEmailAddressesIn(text: string): string {
  return text.replace(/[^\s<>"'(),;:=@]+@[^\s<>"'(),;:]+/g, (address) => maskEmailAddress(address));
}
