import { describe, expect, it } from 'vitest';
import { PhoneQuestionBudget } from '../../../main/kiosk/phone-question-budget.ts';

describe('PhoneQuestionBudget (D-132)', () => {
  const phone = (number: string, cc = 65) => ({ cc, number });

  it('gives a few different numbers a slot within the window, the same number again at no cost, more after the window', () => {
    let now = 0;
    const budget = new PhoneQuestionBudget({ limit: 2, windowMs: 600_000, now: () => now });
    expect(budget.take(phone('91110001'))).not.toBeNull();
    expect(budget.take(phone('91110002'))).not.toBeNull();
    expect(budget.take(phone('91110003'))).toBeNull();
    // The same number, also as the CRM spells it: already counted.
    expect(budget.take(phone('91110001'))).not.toBeNull();
    expect(budget.take(phone('+65 9111-0002'))).not.toBeNull();
    // Another calling code is another number.
    expect(budget.take(phone('91110001', 60))).toBeNull();

    now = 600_000;
    // Both numbers were first asked about at 0: forgotten a window later.
    expect(budget.take(phone('91110003'))).not.toBeNull();
  });

  it('gives a slot back for a number that was not known, and only a slot it took', () => {
    const budget = new PhoneQuestionBudget({ limit: 1 });
    for (let k = 0; k < 5; k++) budget.take(phone(`9222000${k}`))?.();
    const known = budget.take(phone('92220000'));
    expect(known).not.toBeNull();
    // Checked again while held (a second press of Register): giving that back keeps the first.
    budget.take(phone('92220000'))?.();
    expect(budget.take(phone('92220001'))).toBeNull();
  });

  it('is taken before the check: calls side by side do not all pass', () => {
    const budget = new PhoneQuestionBudget({ limit: 4 });
    const slots = Array.from({ length: 10 }, (_, k) => budget.take(phone(`9333000${k}`)));
    expect(slots.filter((slot) => slot !== null)).toHaveLength(4);
  });
});
