/**
 * The ObjectStore contract on a real S3 server (OpenStack Swift with s3api, issue 15, D-072):
 * what the local store guarantees, the S3 store keeps, and its presigned addresses are real.
 */
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectExistsError, ObjectStoreUnavailableError, ObjectTooLargeError } from '../../../platform/objects/object-store.ts';
import { S3ObjectStore } from '../../../platform/objects/s3-object-store.ts';
import { startTestS3Server, type TestS3Server } from '../../helpers/s3-server.ts';

const BYTES = Buffer.from('0123456789abcdef'.repeat(1000));

describe('S3ObjectStore on a real S3 server', () => {
  let server: TestS3Server;
  let store: S3ObjectStore;
  let bucket: string;

  beforeAll(async () => {
    server = await startTestS3Server();
    const location = await server.createBucket();
    bucket = location.bucket;
    store = new S3ObjectStore(location, { credentials: server.credentials, requestTimeoutMs: 3000 });
  });
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('is ready while its bucket exists, and says why not for a missing bucket', async () => {
    await expect(store.ready()).resolves.toBeUndefined();
    const missing = new S3ObjectStore({ bucket: 'no-such-bucket-here', endpoint: server.endpoint, region: server.region, forcePathStyle: true }, { credentials: server.credentials });
    // An operator's missing step, named as such, not an outage (D-128).
    await expect(missing.ready()).rejects.toThrow('bucket "no-such-bucket-here" does not exist at the object store: create it first');
    await missing.close();
  });

  it('stages a body with its size, hash and head, and shows it only after commit', async () => {
    const staged = await store.stage(Readable.from([BYTES.subarray(0, 10), BYTES.subarray(10)]), 1_000_000);
    expect(staged.size).toBe(BYTES.length);
    expect(staged.head.equals(BYTES.subarray(0, 64))).toBe(true);
    expect(staged.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.exists('staged-1.bin')).toBe(false);
    await staged.commit('staged-1.bin');
    expect(await store.exists('staged-1.bin')).toBe(true);
    expect((await store.read('staged-1.bin')).equals(BYTES)).toBe(true);
    expect(await server.keys(bucket)).toContain('staged-1.bin');
  });

  it('refuses a body past the limit and never overwrites a committed key', async () => {
    await expect(store.stage(Readable.from([BYTES]), 100)).rejects.toBeInstanceOf(ObjectTooLargeError);
    const staged = await store.stage(Readable.from([Buffer.from('other')]), 100);
    await expect(staged.commit('staged-1.bin')).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await store.read('staged-1.bin')).equals(BYTES)).toBe(true);
  });

  it('puts, streams, reports missing or short objects in persist, and deletes', async () => {
    await store.put('out-1.png', BYTES);
    const stream = await store.open('out-1.png');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(BYTES)).toBe(true);
    expect(await store.open('absent.png')).toBeNull();
    expect(await store.persist([{ key: 'out-1.png', size: BYTES.length }, { key: 'absent.png', size: 3 }, { key: 'staged-1.bin', size: 1 }])).toEqual(['absent.png', 'staged-1.bin']);
    await store.delete('out-1.png');
    await store.delete('out-1.png');
    expect(await store.exists('out-1.png')).toBe(false);
    expect(await server.keys(bucket)).not.toContain('out-1.png');
  });

  it('deletes many keys a thousand to a request (DeleteObjects, with the Content-MD5 the server requires), missing ones no error (D-139)', async () => {
    // 1,001 keys: two requests; the ones that exist sit at both ends of the first and in the second.
    const keys = Array.from({ length: 1_001 }, (_, i) => `many-${String(i).padStart(4, '0')}.png`);
    const present = [keys[0]!, keys[999]!, keys[1_000]!];
    for (const key of [...present, 'kept.png']) await store.put(key, BYTES);
    await store.deleteMany(keys);
    for (const key of present) expect(await store.exists(key), key).toBe(false);
    const left = await server.keys(bucket);
    expect(left.filter((key) => key.startsWith('many-'))).toEqual([]);
    expect(left).toContain('kept.png');
    await store.deleteMany([]);
    await expect(store.deleteMany(['../escape.png'])).rejects.toThrow('unsafe object key');
  });

  it('presigns a PUT the server accepts and a GET that reads it back; an altered signature is refused', async () => {
    const url = await store.presignPut('direct-1.jpg', 60);
    expect(url.startsWith(`${server.endpoint}/${bucket}/direct-1.jpg?`)).toBe(true);
    const altered = url.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
    const forged = await request(altered, { method: 'PUT', body: BYTES });
    await forged.body.dump();
    expect(forged.statusCode).toBe(403);
    expect(await store.exists('direct-1.jpg')).toBe(false);
    const put = await request(url, { method: 'PUT', body: BYTES, headers: { 'content-type': 'image/jpeg' } });
    await put.body.dump();
    expect(put.statusCode).toBe(200);
    expect(await store.size('direct-1.jpg')).toBe(BYTES.length);
    expect((await store.readHead('direct-1.jpg', 8)).equals(BYTES.subarray(0, 8))).toBe(true);
    const get = await request(await store.presignGet('direct-1.jpg', 60));
    expect(Buffer.from(await get.body.arrayBuffer()).equals(BYTES)).toBe(true);
  });

  it('honours the expiry of its presigned addresses: a signature past its expiry is refused, one still within it is taken (D-090)', async () => {
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    const expired = await request(await store.presignPut('expired-1.jpg', 5, { signingDate: tenSecondsAgo }), { method: 'PUT', body: BYTES });
    expect(await expired.body.text()).toMatch(/expired/i);
    expect(expired.statusCode).toBe(403);
    expect(await store.exists('expired-1.jpg')).toBe(false);
    const valid = await request(await store.presignPut('expired-1.jpg', 60, { signingDate: tenSecondsAgo }), { method: 'PUT', body: BYTES });
    await valid.body.dump();
    expect(valid.statusCode).toBe(200);
    const late = await request(await store.presignGet('expired-1.jpg', 5, { signingDate: tenSecondsAgo }));
    await late.body.dump();
    expect(late.statusCode).toBe(403);
    const get = await request(await store.presignGet('expired-1.jpg', 60, { signingDate: tenSecondsAgo }));
    expect(Buffer.from(await get.body.arrayBuffer()).equals(BYTES)).toBe(true);
  });

  it('turns a store that cannot be reached into ObjectStoreUnavailableError', async () => {
    const gone = new S3ObjectStore({ bucket, endpoint: 'http://127.0.0.1:1', region: server.region, forcePathStyle: true }, { credentials: server.credentials, requestTimeoutMs: 1000 });
    await expect(gone.ready()).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
    await expect(gone.exists('staged-1.bin')).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
    await gone.close();
  });
});
