import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BucketPresigner } from '../../../platform/objects/s3-presigner.ts';

/** Client settings of s3-object-store.ts, on the endpoints and address styles operators use. */
const STORES = [
  { name: 'Swift or MinIO on a host and port, path style', bucket: 'test-bucket', config: { endpoint: 'http://127.0.0.1:18080', forcePathStyle: true, region: 'us-east-1' } },
  { name: 'an https endpoint with virtual-hosted buckets', bucket: 'skin-uploads', config: { endpoint: 'https://objects.example.com:9443', forcePathStyle: false, region: 'eu-central-1' } },
  { name: 'AWS itself, a regional endpoint', bucket: 'skin-uploads', config: { region: 'eu-west-1', forcePathStyle: false } },
  { name: 'AWS in us-east-1', bucket: 'skin-uploads', config: { region: 'us-east-1', forcePathStyle: false } },
  { name: 'AWS, a bucket name with dots', bucket: 'skin.uploads.example', config: { region: 'ap-southeast-2', forcePathStyle: false } },
] as const;

const clients: S3Client[] = [];
afterAll(() => clients.forEach((client) => client.destroy()));

function clientOf(config: (typeof STORES)[number]['config'], sessionToken?: string): S3Client {
  const client = new S3Client({
    ...config,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', ...(sessionToken ? { sessionToken } : {}) },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  clients.push(client);
  return client;
}

describe('BucketPresigner (D-090)', () => {
  const at = new Date(Date.UTC(2026, 11, 5, 23, 59, 58));

  it.each(STORES)('gives exactly the address getSignedUrl gives: $name', async ({ bucket, config }) => {
    for (const sessionToken of [undefined, 'FwoGZXIvYXdzEJr//////////wEaDOtoken+with/odd=chars']) {
      const client = clientOf(config, sessionToken);
      const presigner = new BucketPresigner(client, bucket);
      for (const key of ['0f3c9a1b2d4e5f60718293a4b5c6d7e8.jpg', 'out_1-a.png', 'x']) {
        for (const expiresIn of [1, 600, 604_800]) {
          const put = await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn, signingDate: at });
          const get = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn, signingDate: at });
          expect(await presigner.url('PUT', key, expiresIn, { signingDate: at })).toBe(put);
          expect(await presigner.url('GET', key, expiresIn, { signingDate: at })).toBe(get);
        }
      }
    }
  });

  it.each(STORES)('runs the client\'s middleware stack once per method, not once per address: $name', async ({ bucket, config }) => {
    const client = clientOf(config);
    const clone = vi.spyOn(client.middlewareStack, 'clone');
    const presigner = new BucketPresigner(client, bucket);
    for (let i = 0; i < 5; i++) await presigner.url('PUT', `k${i}.jpg`, 60);
    await presigner.url('GET', 'k0.jpg', 60);
    expect(clone).toHaveBeenCalledTimes(2);
  });

  it('signs with the current time when none is given, like getSignedUrl', async () => {
    const client = clientOf(STORES[0].config);
    const url = new URL(await new BucketPresigner(client, 'test-bucket').url('PUT', 'a.jpg', 60));
    const date = url.searchParams.get('X-Amz-Date')!;
    const signed = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)), Number(date.slice(9, 11)), Number(date.slice(11, 13)), Number(date.slice(13, 15)));
    expect(Math.abs(Date.now() - signed)).toBeLessThan(5_000);
  });

  it('refuses a key the SDK would have to encode, instead of signing another path', async () => {
    const presigner = new BucketPresigner(clientOf(STORES[0].config), 'test-bucket');
    await expect(presigner.url('PUT', 'a b.jpg', 60)).rejects.toThrow(/needs URI encoding/);
    await expect(presigner.url('PUT', 'dir/a.jpg', 60)).rejects.toThrow(/needs URI encoding/);
  });
});
