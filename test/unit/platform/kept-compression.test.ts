import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../../main/platform-client/transport.ts';
import { DeflatedPart, gzipSpliced } from '../../../platform/http/gzip-splice.ts';
import { acceptsGzip } from '../../../platform/http/kept-compression.ts';
import { RawJson, gzipOfReply, isSplicedReply, serializeReply } from '../../../platform/http/raw-json.ts';

describe('gzip spliced from parts compressed once (D-081)', () => {
  const kept = Buffer.from(JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, url: `https://x.example/skin_api/file/output/k-${i}.png`, name: 'héllo ✓' }))));

  it('decodes to the parts in order, checksum and length included', () => {
    const cases: (Buffer | DeflatedPart)[][] = [
      [Buffer.from('{"meta":{"req_id":"a"},"response":'), new DeflatedPart(kept), Buffer.from('}')],
      [new DeflatedPart(kept)],
      [Buffer.from('only stored')],
      [],
      [new DeflatedPart(Buffer.alloc(0)), Buffer.alloc(0), new DeflatedPart(kept), Buffer.from(','), new DeflatedPart(kept)],
      // Stored parts longer than one stored block (65 535 bytes).
      [Buffer.alloc(150_000, 'ab'), new DeflatedPart(Buffer.alloc(70_000, 'cd'))],
    ];
    for (const parts of cases) {
      const plain = Buffer.concat(parts.map((p) => (p instanceof DeflatedPart ? (p.length === kept.length ? kept : p.length === 0 ? Buffer.alloc(0) : Buffer.alloc(70_000, 'cd')) : p)));
      expect(gunzipSync(gzipSpliced(parts)).equals(plain)).toBe(true);
    }
  });

  it('serves a kept answer gzip-encoded with the same bytes as identity, and only answers with kept parts', () => {
    const answer = new RawJson<unknown>(kept.toString('utf8'));
    const identity = serializeReply({ meta: { code: 0, req_id: 'r1' }, response: answer });
    expect(isSplicedReply(identity)).toBe(true);
    expect(gunzipSync(gzipOfReply(identity as Buffer)).equals(identity as Buffer)).toBe(true);
    // The kept part is compressed once, whatever the envelope around it.
    expect(answer.deflated).toBe(answer.deflated);
    expect(gzipOfReply(identity as Buffer).length).toBeLessThan(kept.length / 4);
    expect(isSplicedReply(serializeReply({ meta: { code: 0 }, response: { plain: true } }))).toBe(false);
    expect(isSplicedReply(Buffer.from(JSON.stringify({ a: 1 })))).toBe(false);
  });
});

describe('Accept-Encoding (RFC 9110, 12.5.3)', () => {
  it('accepts gzip when named or left to * with a weight above 0', () => {
    const yes = ['gzip', 'GZIP', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', 'x-gzip', '*', 'deflate, *;q=0.1', ' gzip ; q=0.001 '];
    const no = [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip;q=0.000', '*;q=0', 'gzip;q=0, *', 'br, *, gzip;q=0'];
    for (const header of yes) expect(acceptsGzip(header), String(header)).toBe(true);
    for (const header of no) expect(acceptsGzip(header), String(header)).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
  });
});

describe("the kiosk client's decoding", () => {
  it('passes identity through, decodes gzip and refuses a coding it did not ask for', () => {
    const body = Buffer.from('{"meta":{"code":0}}');
    expect(decodeBody({}, body)).toBe(body);
    expect(decodeBody({ 'content-encoding': 'identity' }, body)).toBe(body);
    expect(decodeBody({ 'content-encoding': 'gzip' }, gzipSpliced([body])).equals(body)).toBe(true);
    expect(() => decodeBody({ 'content-encoding': 'br' }, body)).toThrow(/br/);
    expect(() => decodeBody({ 'content-encoding': 'gzip' }, body)).toThrow();
  });
});
