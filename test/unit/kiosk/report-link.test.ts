import { describe, expect, it } from 'vitest';
import { reportLinkIn } from '../../../common/kiosk/report-link.ts';

describe('the report link the kiosk hands out (QR code, e-mail)', () => {
  it('carries the kiosk language beside the signature, which it leaves as it was', () => {
    const signed = 'https://platform.example/shared/reports/0123456789abcdef0123456789abcdef?expires=1765000000&signature=Ab_c-9';
    const link = new URL(reportLinkIn(signed, 'zh-Hans'));
    expect(link.searchParams.get('lang')).toBe('zh-Hans');
    expect(link.searchParams.get('expires')).toBe('1765000000');
    expect(link.searchParams.get('signature')).toBe('Ab_c-9');
    expect(link.pathname).toBe('/shared/reports/0123456789abcdef0123456789abcdef');
  });

  it('replaces a language already there, and leaves an address it cannot read alone', () => {
    expect(new URL(reportLinkIn('https://p.example/shared/reports/k?expires=1&signature=s&lang=en', 'ar')).searchParams.getAll('lang')).toEqual(['ar']);
    expect(reportLinkIn('not a url', 'ar')).toBe('not a url');
  });
});
