import { describe, expect, it } from 'vitest';
import * as codec from '../../../common/kiosk/call-codec.ts';

function frame(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

const sample = (size = 1000) => ({
  sessionId: 'ses_1',
  jpeg: frame(size),
  nested: { list: [frame(3, 2), 'text', { deeper: frame(0) }], n: 1.5, flag: false, none: null },
  emoji: 'ü ✓ 😀',
});

describe('kiosk call codec', () => {
  it('round-trips JSON with Uint8Array fields as binary attachments, byte for byte', () => {
    const value = sample(123_457);
    const encoded = codec.encodeCall(value);
    // The frame is carried raw: the body is barely larger than the frame itself (base64 would add a third).
    expect(encoded.byteLength).toBeLessThan(123_457 + 300);
    const decoded = codec.decodeCall(encoded) as ReturnType<typeof sample>;
    // Byte comparison through Buffer: a deep toEqual over 100k elements takes seconds.
    expect(Buffer.from(decoded.jpeg).equals(Buffer.from(value.jpeg))).toBe(true);
    expect({ ...decoded, jpeg: null }).toEqual({ ...value, jpeg: null });
    expect(decoded.jpeg).toBeInstanceOf(Uint8Array);
    expect(decoded.nested.list[0]).toBeInstanceOf(Uint8Array);
  });

  it('encodes Buffers (Node implementations answer them) as plain bytes', () => {
    const decoded = codec.decodeCall(codec.encodeCall({ jpeg: Buffer.from([1, 2, 3]) })) as { jpeg: Uint8Array };
    expect([...decoded.jpeg]).toEqual([1, 2, 3]);
  });

  it('keeps user keys that look like references as plain keys', () => {
    const value = { commands: { $bin: 0, $$x: 'y', $: 1 }, list: [{ $bin: 'str' }] };
    const encoded = codec.encodeCall(value);
    expect(codec.decodeCall(encoded)).toEqual(value);
  });

  it('refuses malformed bodies with a CodecError', () => {
    const good = codec.encodeCall({ jpeg: frame(10) });
    const bad: Uint8Array[] = [
      new Uint8Array(0),
      new TextEncoder().encode('{"sessionId":"x"}'),
      good.subarray(0, good.byteLength - 1),
      new Uint8Array([...good, 0]),
    ];
    const missingRef = new TextEncoder().encode('{"jpeg":{"$bin":3}}');
    const header = new Uint8Array(12);
    header.set([0x4b, 0x41, 0x43, 0x31]);
    new DataView(header.buffer).setUint32(4, missingRef.byteLength, true);
    bad.push(new Uint8Array([...header, ...missingRef]));
    const hugeCount = new Uint8Array(header);
    new DataView(hugeCount.buffer).setUint32(8, 1_000_000, true);
    bad.push(hugeCount);
    for (const body of bad) expect(() => codec.decodeCall(body)).toThrow(codec.CodecError);
  });

  it('refuses reserved keys instead of letting them touch a prototype', () => {
    const json = new TextEncoder().encode('{"__proto__":{"polluted":true}}');
    const header = new Uint8Array(12);
    header.set([0x4b, 0x41, 0x43, 0x31]);
    new DataView(header.buffer).setUint32(4, json.byteLength, true);
    expect(() => codec.decodeCall(new Uint8Array([...header, ...json]))).toThrow(/reserved key/);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
