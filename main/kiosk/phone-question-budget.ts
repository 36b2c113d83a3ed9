/**
 * How many different mobile numbers registration may say are "registered already" (D-131) within
 * a while. The question tells whoever stands at the kiosk that some customer of the merchant has
 * the number, so typing numbers and changing them would list the merchant's customers; past the
 * budget, registration stops asking and registers what is typed, which tells nothing (D-132).
 * A visit asks once, rarely twice; the same number asked again costs nothing more.
 */
import { nationalDigits, type PhoneNumber } from '../../common/kiosk/phone.ts';

export interface PhoneQuestionBudgetOptions {
  /** Different numbers asked about within `windowMs`. Default 4. */
  readonly limit?: number;
  /** Default 10 minutes: about one visit, and a few visits' worth of registrations. */
  readonly windowMs?: number;
  readonly now?: () => number;
}

export class PhoneQuestionBudget {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  /** Number (calling code and national digits) -> when it was first asked about in the window. */
  private readonly asked = new Map<string, number>();

  constructor(options: PhoneQuestionBudgetOptions = {}) {
    this.limit = options.limit ?? 4;
    this.windowMs = options.windowMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes a slot for this number before it is checked, or null when the budget is spent. The
   * slot is taken at once, not after the check (which waits up to 2.5 s for the CRM): calls sent
   * side by side must not all pass. The returned function gives the slot back, for a number that
   * turned out not to be known.
   */
  take(phone: PhoneNumber): (() => void) | null {
    this.forgetOld();
    const key = keyOf(phone);
    const before = this.asked.get(key);
    if (before === undefined && this.asked.size >= this.limit) return null;
    this.asked.set(key, before ?? this.now());
    return () => {
      if (before === undefined) this.asked.delete(key);
    };
  }

  private forgetOld(): void {
    const since = this.now() - this.windowMs;
    for (const [key, at] of this.asked) if (at <= since) this.asked.delete(key);
  }
}

function keyOf(phone: PhoneNumber): string {
  return `${phone.cc} ${nationalDigits(phone.cc, phone.number)}`;
}
