import { describe, expect, it } from 'vitest';
import { resolveResource, resourceKeyInPath } from '../../../platform/skin-api/resource-address.ts';
import type { StoredFile } from '../../../platform/skin-api/upload-service.ts';

const KEY = `${'ab'.repeat(16)}.jpg`;
const FILE: StoredFile = { resourceKey: KEY, merchantId: 7, mime: 'image/jpeg', size: 10 };
const stored = async (key: string): Promise<StoredFile | undefined> => (key === KEY ? FILE : undefined);
const kind = async (url: string, bases: string[]): Promise<string> => (await resolveResource(url, bases, stored)).kind;

describe('which resource addresses are this platform\'s own (D-027, D-029)', () => {
  const base = 'http://127.0.0.1:8080';

  it('reads the key of a resource path whatever its escapes, never throwing', () => {
    expect(resourceKeyInPath(`https://x.example/skin_api/file/resource/${KEY}`)).toBe(KEY);
    expect(resourceKeyInPath('https://x.example/skin_api/file/resource/a%20b.jpg')).toBe('a b.jpg');
    for (const broken of ['%E0%A4%A.jpg', '%E0%A4.jpg', '100%.jpg', '%']) expect(resourceKeyInPath(`https://x.example/skin_api/file/resource/${broken}`), broken).toBeNull();
    expect(resourceKeyInPath('https://x.example/skin_api/file/resource/')).toBeNull();
    expect(resourceKeyInPath('https://x.example/other/path.jpg')).toBeNull();
  });

  it('reads its own origin from the store and finds nothing else there', async () => {
    expect(await kind(`${base}/skin_api/file/resource/${KEY}`, [base])).toBe('stored');
    expect(await kind(`${base}/skin_api/file/resource/photo.jpg`, [base])).toBe('missing');
    expect(await kind(`${base}/skin_api/file/resource/100%.jpg`, [base])).toBe('missing');
    // The URL parser's normal form: default ports and letter case do not matter.
    expect(await kind(`HTTPS://API.Example.com:443/skin_api/file/resource/${KEY}`, ['https://api.example.com'])).toBe('stored');
  });

  it('downloads every other host, even one that names our key', async () => {
    expect(await kind(`https://cdn.merchant.example/skin_api/file/resource/${KEY}`, [base])).toBe('external');
    expect(await kind('https://cdn.merchant.example/skin_api/file/resource/photo.jpg', [base])).toBe('external');
    expect(await kind(`http://[::1]:8080/skin_api/file/resource/${KEY}`, [base])).toBe('external');
    expect(await kind(`http://localhost:8080/skin_api/file/resource/${KEY}`, [base])).toBe('external');
    expect(await kind(`${base}/skin_api/file/resource/${KEY}`, [])).toBe('external');
  });

  it('reads a stored upload named at another port of its own host (instances on one data directory)', async () => {
    expect(await kind(`http://127.0.0.1:9090/skin_api/file/resource/${KEY}`, [base])).toBe('stored');
    expect(await kind('http://127.0.0.1:9090/skin_api/file/resource/photo.jpg', [base])).toBe('external');
  });

  it('tells an upload policy\'s upload.url of its own origin from a file; another port\'s or host\'s is downloaded (D-136)', async () => {
    expect(await kind(`${base}/skin_api/file/upload/${KEY}?expires=1&signature=s`, [base])).toBe('upload-address');
    expect(await kind(`${base}/skin_api/file/upload`, [base])).toBe('upload-address');
    expect(await kind(`${base}/skin_api/file/x/../upload/${KEY}`, [base])).toBe('upload-address');
    expect(await kind(`${base}/skin_api/file/upload_policy`, [base])).toBe('external');
    expect(await kind(`${base}/skin_api/file/uploads/${KEY}`, [base])).toBe('external');
    expect(await kind(`http://127.0.0.1:9090/skin_api/file/upload/${KEY}`, [base])).toBe('external');
    expect(await kind(`https://cdn.merchant.example/skin_api/file/upload/${KEY}`, [base])).toBe('external');
  });

  it('downloads a path of its own origin outside the resource path, as any address', async () => {
    expect(await kind(`${base}/skin_api/file/output/${KEY}`, [base])).toBe('external');
  });
});
