/**
 * The rules a customer's registration must keep, written once for both sides (D-048): main's
 * contract builds its schema from these limits, and the renderer checks the form with them and
 * names the broken rule in the customer's language. A refusal from main carries the field
 * (`customer.phoneNumber`), which `ruleOfField` turns into the same rule, so the sentence is the
 * same whichever side refused. Runtime-free (D-036).
 */

export const CUSTOMER_LIMITS = {
  nameMax: 60,
  phoneCcMin: 1,
  phoneCcMax: 999,
  phoneDigitsMin: 4,
  phoneDigitsMax: 15,
  emailMax: 100,
  customIdMax: 64,
} as const;

/** The earliest year of birth taken: an earlier one is a slip of the finger, not a customer. */
export const BIRTH_YEAR_MIN = 1900;

/** Today's calendar day where the kiosk stands, as YYYY-MM-DD. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}

/**
 * A date of birth the station can use: YYYY-MM-DD, a day the calendar has (no 31 April), from
 * BIRTH_YEAR_MIN up to `today`. The age-group comparison reads the age from it (D-066), and the
 * platform refuses a day that does not exist (protocol/report-data/user-item.ts).
 */
export function isBirthday(text: string, today: string = localDay()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && year >= BIRTH_YEAR_MIN && text <= today;
}

/** The fields of the registration form that have a rule, as main's contract names them. */
export const CUSTOMER_FIELDS = ['name', 'phoneCc', 'phoneNumber', 'email', 'birthday'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** A broken rule: the field, and the limits to say in the sentence ("enter 1 to 60 characters"). */
export interface FieldRule {
  readonly field: CustomerField;
  readonly params: Readonly<Record<string, number>>;
}

/** A quick check of an address's shape; main's contract is stricter and its refusal names the same rule. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const PARAMS: Readonly<Record<CustomerField, Readonly<Record<string, number>>>> = {
  name: { min: 1, max: CUSTOMER_LIMITS.nameMax },
  phoneCc: { min: CUSTOMER_LIMITS.phoneCcMin, max: CUSTOMER_LIMITS.phoneCcMax },
  phoneNumber: { min: CUSTOMER_LIMITS.phoneDigitsMin, max: CUSTOMER_LIMITS.phoneDigitsMax },
  email: { max: CUSTOMER_LIMITS.emailMax },
  birthday: { min: BIRTH_YEAR_MIN },
};

export function ruleOf(field: CustomerField): FieldRule {
  return { field, params: PARAMS[field] };
}

export interface CustomerFormValues {
  readonly name: string;
  readonly phoneCc: string;
  readonly phoneNumber: string;
  readonly email: string;
  readonly birthday: string;
}

/** Every rule the form's values break, in the form's order; [] when main would accept them. */
export function brokenRules(values: CustomerFormValues): FieldRule[] {
  const broken: CustomerField[] = [];
  const name = values.name.trim();
  if (name.length < 1 || name.length > CUSTOMER_LIMITS.nameMax) broken.push('name');
  const cc = Number(values.phoneCc);
  if (!/^\d+$/.test(values.phoneCc) || cc < CUSTOMER_LIMITS.phoneCcMin || cc > CUSTOMER_LIMITS.phoneCcMax) broken.push('phoneCc');
  const digits = new RegExp(`^\\d{${CUSTOMER_LIMITS.phoneDigitsMin},${CUSTOMER_LIMITS.phoneDigitsMax}}$`);
  if (values.phoneNumber !== '' && !digits.test(values.phoneNumber)) broken.push('phoneNumber');
  if (values.email !== '' && (values.email.length > CUSTOMER_LIMITS.emailMax || !EMAIL_SHAPE.test(values.email))) broken.push('email');
  if (values.birthday !== '' && !isBirthday(values.birthday)) broken.push('birthday');
  return broken.map(ruleOf);
}

/**
 * The rule behind a refusal's field path (`customer.email`, as main's dispatch names the first
 * issue), or null when the field is not one of the form's.
 */
export function ruleOfField(path: string | undefined): FieldRule | null {
  if (!path?.startsWith('customer.')) return null;
  const field = path.slice('customer.'.length);
  return (CUSTOMER_FIELDS as readonly string[]).includes(field) ? ruleOf(field as CustomerField) : null;
}
