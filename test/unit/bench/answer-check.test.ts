import type * as zlibModule from 'node:zlib';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { AnswerCheck } from '../../../bench/platform/answer-check.ts';
import { gzipOfParts, RawJson } from '../../../platform/http/raw-json.ts';

// The check's own zlib, counted: a stream it reads itself never reaches it.
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof zlibModule>();
  return { ...zlib, gunzipSync: vi.fn(zlib.gunzipSync) };
});

const OK = '{"meta":{"code":0,';
const okBody = `${OK}"msg":"success","error":"","request_uri":"/x","req_id":"ab"},"response":${JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ i, name: `item ${i}` })) })}}`;
const refusal = '{"meta":{"code":1001,"msg":"access token invalid","error":"","request_uri":"/x","req_id":"ab"},"response":{}}';

/** Runs one answer through the check, its body cut into pieces of `piece` bytes. */
function check(status: number, coding: string | undefined, body: Buffer, piece = 1 << 20, checker = new AnswerCheck(OK)): boolean {
  checker.start(status, coding);
  for (let at = 0; at < body.length; at += piece) checker.data(body.subarray(at, at + piece));
  expect(checker.bodyLength).toBe(body.length);
  return checker.passed();
}

describe('the load process checks each answer on its status and first bytes (D-089)', () => {
  it('counts a 200 whose body starts with the prefix, however the body is cut', () => {
    const body = Buffer.from(okBody);
    expect(check(200, undefined, body)).toBe(true);
    expect(check(200, 'identity', body, 1)).toBe(true);
    expect(check(200, undefined, body, 7)).toBe(true);
  });

  it('never counts a refusal, another status or a short body', () => {
    expect(check(200, undefined, Buffer.from(refusal))).toBe(false);
    expect(check(200, undefined, Buffer.from(refusal), 3)).toBe(false);
    expect(check(500, undefined, Buffer.from(okBody))).toBe(false);
    expect(check(200, undefined, Buffer.from(OK.slice(0, 10)))).toBe(false);
    expect(check(200, undefined, Buffer.alloc(0))).toBe(false);
  });

  it('decodes the start of a gzip body, whole or cut, and never counts a gzip refusal or a corrupt stream', () => {
    const zipped = gzipSync(Buffer.from(okBody));
    expect(check(200, 'gzip', zipped)).toBe(true);
    expect(check(200, 'GZIP', zipped, 5)).toBe(true);
    expect(check(200, 'gzip', gzipSync(Buffer.from(refusal)))).toBe(false);
    // Not decoded when the answer does not say gzip: the compressed bytes do not start with the prefix.
    expect(check(200, undefined, zipped)).toBe(false);
    const corrupt = Buffer.from(zipped);
    corrupt.writeUInt8(corrupt.readUInt8(12) ^ 0xff, 12);
    expect(check(200, 'gzip', corrupt)).toBe(false);
  });

  it("reads the platform's spliced gzip (a kept part deflated once between stored blocks)", () => {
    const kept = new RawJson(JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => i) }));
    const body = gzipOfParts([Buffer.from(`${OK}"msg":"success","error":"","request_uri":"/x","req_id":"ab"},"response":`), kept, Buffer.from('}')]);
    expect(check(200, 'gzip', body, 64)).toBe(true);
  });

  it('reads a first stored block itself, and leaves to zlib a stream it cannot read so (D-094)', () => {
    const inflate = vi.mocked(gunzipSync);
    inflate.mockClear();
    const stored = gzipOfParts([Buffer.from(okBody)]);
    expect(stored[10]! & 0b110).toBe(0);
    expect(check(200, 'gzip', stored, 7)).toBe(true);
    expect(check(200, 'gzip', gzipOfParts([Buffer.from(refusal)]))).toBe(false);
    expect(inflate).not.toHaveBeenCalled();
    // LEN's complement wrong, or a wrong magic: zlib reads it, and it fails.
    const badLength = Buffer.from(stored);
    badLength.writeUInt16LE(0, 13);
    expect(check(200, 'gzip', badLength)).toBe(false);
    const badMagic = Buffer.from(stored);
    badMagic[1] = 0;
    expect(check(200, 'gzip', badMagic)).toBe(false);
    expect(inflate).toHaveBeenCalledTimes(2);
    // A first block shorter than the prefix, and a header with a file name (FLG.FNAME): zlib decodes them.
    expect(check(200, 'gzip', gzipOfParts([Buffer.from(OK.slice(0, 5)), Buffer.from(okBody.slice(5))]))).toBe(true);
    const named = Buffer.concat([stored.subarray(0, 3), Buffer.from([8]), stored.subarray(4, 10), Buffer.from('name\0'), stored.subarray(10)]);
    expect(check(200, 'gzip', named)).toBe(true);
    expect(inflate).toHaveBeenCalledTimes(4);
  });

  it('keeps only the first bytes, and starts afresh for each answer', () => {
    const checker = new AnswerCheck(OK);
    expect(check(200, undefined, Buffer.from(refusal), 1 << 20, checker)).toBe(false);
    expect(check(200, undefined, Buffer.from(okBody), 1 << 20, checker)).toBe(true);
    expect(check(401, undefined, Buffer.from(okBody), 1 << 20, checker)).toBe(false);
  });
});
