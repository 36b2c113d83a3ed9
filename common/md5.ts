/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, in lower-case hex. The specification fixes MD5 for
 * its signatures (protocol/signature.ts); written here in plain ECMAScript so the signature
 * algorithm stays runtime-free (D-036) instead of pulling node:crypto into protocol/.
 * test/unit/common/md5.test.ts compares it with node:crypto on the RFC's vectors and on every
 * length around the block boundaries. Not for anything new: MD5 is broken as a hash.
 */

/** Per-round left rotations. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** floor(|sin(i + 1)| * 2^32), the RFC's table T. */
const T = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) >>> 0);

export function md5Hex(text: string): string {
  const message = new TextEncoder().encode(text);
  // Padding: 0x80, zeros up to 56 mod 64, then the bit length as a 64-bit little-endian number.
  const blocks = Math.ceil((message.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = message.length * 8;
  view.setUint32(padded.length - 8, bits >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bits / 0x100000000), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const m = new Uint32Array(16);
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) m[i] = view.getUint32(block * 64 + i * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + (T[i] as number) + (m[g] as number)) >>> 0;
      const s = SHIFTS[(round << 2) | (i & 3)] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0].map(littleEndianHex).join('');
}

function littleEndianHex(word: number): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += ((word >>> (8 * i)) & 0xff).toString(16).padStart(2, '0');
  return out;
}
