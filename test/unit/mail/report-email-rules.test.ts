import { describe, expect, it } from 'vitest';
import { maskEmailAddress, maskEmailAddressesIn } from '../../../main/mail/mask-address.ts';
import { reportEmailConfigSchema } from '../../../main/mail/report-email-config.ts';
import { classifySmtpError } from '../../../main/mail/smtp-send.ts';

describe('maskEmailAddress', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmailAddress('jiali@example.com')).toBe('j***@example.com');
    expect(maskEmailAddress('王芳@例子.中国')).toBe('王***@例子.中国');
    expect(maskEmailAddress('nonsense')).toBe('***');
  });
  it('masks every address a server reply repeats, for the log', () => {
    expect(maskEmailAddressesIn('550 5.1.1 <jiali@example.com>: Recipient address rejected; from=skin@shop.example')).toBe('550 5.1.1 <j***@example.com>: Recipient address rejected; from=s***@shop.example');
  });
});

describe('classifySmtpError', () => {
  const error = (fields: Record<string, unknown>) => Object.assign(new Error('x'), fields);
  it('a server reply decides whatever the phase: 5xx permanent, 4xx temporary', () => {
    expect(classifySmtpError(error({ responseCode: 550, code: 'EENVELOPE' }), false).kind).toBe('permanent');
    expect(classifySmtpError(error({ responseCode: 554, code: 'EMESSAGE' }), true).kind).toBe('permanent');
    expect(classifySmtpError(error({ responseCode: 451, code: 'EENVELOPE' }), false).kind).toBe('temporary');
    expect(classifySmtpError(error({ responseCode: 421, code: 'EMESSAGE' }), true)).toMatchObject({ kind: 'temporary', code: '421' });
  });
  it('no reply: temporary before the hand-over, uncertain after it', () => {
    expect(classifySmtpError(error({ code: 'ECONNECTION' }), false)).toMatchObject({ kind: 'temporary', code: 'ECONNECTION' });
    expect(classifySmtpError(error({ code: 'ETIMEDOUT' }), true)).toMatchObject({ kind: 'uncertain', code: 'ETIMEDOUT' });
  });
  it('a refused login or TLS is a setting for the technician', () => {
    expect(classifySmtpError(error({ responseCode: 535, code: 'EAUTH' }), false).kind).toBe('config');
    expect(classifySmtpError(error({ code: 'ETLS' }), false).kind).toBe('config');
  });
});

describe('email configuration', () => {
  const base = { from: 'skin@shop.example', storeName: 'Shop' };
  it('takes the port from the security and needs user and password together', () => {
    expect(reportEmailConfigSchema.parse({ ...base, smtp: { host: 'mail.shop.example' } }).smtp).toMatchObject({ security: 'starttls', port: 587, verifyCertificate: true });
    expect(reportEmailConfigSchema.parse({ ...base, smtp: { host: 'h', security: 'tls' } }).smtp.port).toBe(465);
    expect(reportEmailConfigSchema.safeParse({ ...base, smtp: { host: 'h', user: 'u' } }).success).toBe(false);
    expect(reportEmailConfigSchema.safeParse({ ...base, from: 'not an address', smtp: { host: 'h' } }).success).toBe(false);
  });
});
