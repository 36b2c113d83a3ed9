import { describe, expect, it } from 'vitest';
import { signatureBase } from '../../protocol/signature.ts';
import { sign, verifySignature } from '../../platform/auth/signature.ts';

// Expected digests were computed outside this code (Python hashlib.md5 over the strings shown),
// from base strings written out by hand following Authentication step 5 of the specification.
describe('pull signature', () => {
  it('sorts parameters by name, joins name=value with &, appends the secret', () => {
    const params = { sig_time: 1700000000, app_id: 'abc', limit: 10, data_type: 'user' };
    expect(signatureBase(params, 'S3cret')).toBe('app_id=abc&data_type=user&limit=10&sig_time=1700000000S3cret');
    expect(sign(params, 'S3cret')).toBe('8cc63ea63fa13f456dd1c250e6c6c3c3');
  });

  it('uses ASCII order: upper case before underscore before lower case, a_b before ab', () => {
    const params = { ab: 5, a: 1, a_b: 4, _x: 3, B: 2 };
    expect(signatureBase(params, 'secret')).toBe('B=2&_x=3&a=1&a_b=4&ab=5secret');
    expect(sign(params, 'secret')).toBe('4eb574c040652a4cd9dda353c93698a9');
  });

  it('signs an empty parameter that is present, and never the sig parameter itself', () => {
    const params = {
      sig: 'ignored', app_id: 'app_1', begin: 1700000000, end: 1700086400, data_type: 'report',
      source_type: 'device20', merchant_id: 7, next: '', sig_time: 1700000100,
    };
    expect(sign(params, 'xyz')).toBe('654eaee4505fe28e2e95e1b31611454e');
  });

  it('compares case-insensitively and refuses a wrong secret or a changed parameter', () => {
    const params = { sig_time: 1700000000, app_id: 'abc', limit: 10, data_type: 'user' };
    expect(verifySignature(params, 'S3cret', '8CC63EA63FA13F456DD1C250E6C6C3C3')).toBe(true);
    expect(verifySignature(params, 'wrong', '8cc63ea63fa13f456dd1c250e6c6c3c3')).toBe(false);
    expect(verifySignature({ ...params, limit: 11 }, 'S3cret', '8cc63ea63fa13f456dd1c250e6c6c3c3')).toBe(false);
    expect(verifySignature(params, 'S3cret', '8cc63ea6')).toBe(false);
  });
});
