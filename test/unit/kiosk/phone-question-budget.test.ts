import { describe, expect, it } from 'vitest';
import { PhoneQuestionBudget } from '../../../main/kiosk/phone-question-budget.ts';

describe('PhoneQuestionBudget (D-132)', () => {
  const phone = (number: string, cc = 65) => ({ cc, number });

  it('allows a few different numbers within the window, the same number again at no cost, more after the window', () => {
    let now = 0;
    const budget = new PhoneQuestionBudget({ limit: 2, windowMs: 600_000, now: () => now });
    for (const n of ['91110001', '91110002']) {
      expect(budget.allows(phone(n))).toBe(true);
      budget.spend(phone(n));
    }
    expect(budget.allows(phone('91110003'))).toBe(false);
    // The same number, also as the CRM spells it: already counted.
    expect(budget.allows(phone('91110001'))).toBe(true);
    expect(budget.allows(phone('+65 9111-0002'))).toBe(true);
    budget.spend(phone('91110001'));
    // Another calling code is another number.
    expect(budget.allows(phone('91110001', 60))).toBe(false);

    now = 600_000;
    // Both numbers were asked about at 0: forgotten a window later.
    expect(budget.allows(phone('91110003'))).toBe(true);
  });

  it('counts only numbers asked about', () => {
    const budget = new PhoneQuestionBudget({ limit: 1 });
    for (let k = 0; k < 5; k++) expect(budget.allows(phone(`9222000${k}`))).toBe(true);
    budget.spend(phone('92220000'));
    expect(budget.allows(phone('92220001'))).toBe(false);
  });
});
