import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../../common/md5.ts';

const nodeMd5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5Hex (the signature hash, runtime-free)', () => {
  it('gives the test vectors of RFC 1321', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('agrees with node:crypto on every length across the padding boundaries and on UTF-8 text', () => {
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7 + length) % 90))).join('');
      expect(md5Hex(text), `length ${length}`).toBe(nodeMd5(text));
    }
    for (const text of ['ü ✓ 😀', '签名=值&app_secret', 'name=李雷&phone=13800000000secret', 'x'.repeat(100_000)]) {
      expect(md5Hex(text)).toBe(nodeMd5(text));
    }
  });
});
