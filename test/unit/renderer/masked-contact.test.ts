import { describe, expect, it } from 'vitest';
import { maskedEmail, maskedMemberNumber, maskedPhone } from '../../../renderer/lib/masked-contact.ts';

describe('contact details on the customer screen (D-124)', () => {
  it('shows a phone number by its country code and last four digits', () => {
    expect(maskedPhone(65, '91234567')).toBe('+65 •••4567');
    expect(maskedPhone(86, '138 0013 8000')).toBe('+86 •••8000');
    expect(maskedPhone(65, '')).toBe('');
  });

  it('shows at most half of a short value, nothing of one character', () => {
    expect(maskedPhone(65, '1234')).toBe('+65 •••34');
    expect(maskedPhone(65, '555-01')).toBe('+65 •••01');
    expect(maskedMemberNumber('A1234')).toBe('•••34');
    expect(maskedMemberNumber('7')).toBe('•••');
    expect(maskedMemberNumber('CRM-000123')).toBe('•••0123');
  });

  it('shows an e-mail address by its domain, and its first character when the name is longer', () => {
    expect(maskedEmail('ana.lee@example.com')).toBe('a•••@example.com');
    expect(maskedEmail('bo@shop.sg')).toBe('•••@shop.sg');
    expect(maskedEmail('x@shop.sg')).toBe('•••@shop.sg');
    expect(maskedEmail(undefined)).toBe('');
    expect(maskedEmail('')).toBe('');
    expect(maskedEmail('not-an-address')).toBe('•••');
  });

  it('never shows more than half of a phone number', () => {
    for (const number of ['91234567', '+6591234567', '2025550123', '12', '123456']) {
      const digits = maskedPhone(1, number).replace(/^\+1 •••/, '');
      expect(digits.length, number).toBeLessThanOrEqual(number.replace(/\D/g, '').length / 2);
      expect(maskedPhone(1, number), number).not.toContain(number);
    }
  });
});
