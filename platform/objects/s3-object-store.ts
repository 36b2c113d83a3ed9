import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { LIST_PAGE_SIZE, ObjectExistsError, ObjectStoreUnavailableError, ObjectTooLargeError, type DirectAccess, type ListedObject, type ObjectStore, type StagedObject } from './object-store.ts';
import { dayPrefixes } from './dated-keys.ts';
import type { S3Location } from './s3-location.ts';
import { BucketPresigner, type PresignOptions } from './s3-presigner.ts';

const HEAD_BYTES = 64;
/** Keys per DeleteObjects request: S3's own limit. */
const DELETE_BATCH = 1000;
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

export interface S3StoreOptions {
  /** Absent: the SDK's default chain (environment, shared files, instance roles). */
  readonly credentials?: S3Credentials;
  /** A store that does not answer within this fails the request (503), instead of hanging it. */
  readonly requestTimeoutMs?: number;
}

/**
 * Objects in one bucket of an S3-compatible store (issue 15, D-072). S3 writes are durable when
 * they are acknowledged, so persist() only checks what is there; there is no staging area: a body
 * received by the platform (POST uploads) is held in memory up to the upload limit and written at
 * commit. Uploads by presigned PUT never pass through here (presignPut).
 */
export class S3ObjectStore implements ObjectStore, DirectAccess {
  private readonly client: S3Client;
  private readonly bucket: string;
  readonly location: string;
  private readonly presigner: BucketPresigner;

  constructor(location: S3Location, options: S3StoreOptions = {}) {
    this.bucket = location.bucket;
    this.location = `s3://${location.bucket} at ${location.endpoint ?? `AWS ${location.region}`}`;
    const timeout = options.requestTimeoutMs ?? 10_000;
    this.client = new S3Client({
      region: location.region,
      ...(location.endpoint !== undefined ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Flexible checksums sent as aws-chunked trailers are not understood by every
      // S3-compatible store (Swift answers 501): checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // One retry: a store that went away must turn into a 503 soon, not after minutes of backoff.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: timeout, requestTimeout: timeout },
    });
    this.presigner = new BucketPresigner(this.client, this.bucket);
    // DeleteObjects needs Content-MD5 on S3-compatible stores (Swift, MinIO, Ceph, ECS); since
    // SDK 3.729 the client sends only a CRC32 checksum, which AWS alone accepts instead. After
    // serialisation (the body is the XML) and before signing.
    this.client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { body?: unknown; headers?: Record<string, string> };
        if (context.commandName === 'DeleteObjectsCommand' && typeof request.body === 'string' && request.headers) {
          request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
        }
        return next(args);
      },
      { step: 'build', name: 'deleteObjectsContentMd5' },
    );
  }

  async ready(): Promise<void> {
    try {
      await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
    } catch (error) {
      // A 404 here is an operator's missing step, not an outage: say which (D-128).
      if (isNotFound(error)) throw new Error(`bucket "${this.bucket}" does not exist at the object store: create it first (docs/deploy.md)`, { cause: error });
      throw error;
    }
  }

  async stage(body: Readable, maxBytes: number): Promise<StagedObject> {
    const bytes = await collect(body, maxBytes);
    return {
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      head: bytes.subarray(0, HEAD_BYTES),
      commit: async (key) => {
        // Keys are 128-bit random names and markUploaded guards single use: the check here
        // keeps an existing object from being overwritten, it is not the concurrency guard.
        if (await this.exists(key)) throw new ObjectExistsError(key);
        await this.put(key, bytes);
      },
      discard: async () => undefined,
    };
  }

  async put(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    await this.call(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checked(key), Body: bytes, ContentLength: bytes.length, ...(contentType ? { ContentType: contentType } : {}) })),
    );
  }

  async persist(objects: readonly { key: string; size: number }[]): Promise<string[]> {
    // Durable once acknowledged: only what is there is checked, in parallel, answered in input order.
    const sizes = await Promise.all(objects.map(({ key }) => this.size(key)));
    return objects.filter((object, i) => sizes[i] !== object.size).map((object) => object.key);
  }

  async read(key: string): Promise<Buffer> {
    const answer = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked(key) })));
    return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }

  async open(key: string): Promise<Readable | null> {
    try {
      const answer = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked(key) })));
      return answer.Body instanceof Readable ? answer.Body : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    // S3's DELETE of a missing key succeeds, like the local store's.
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checked(key) })));
  }

  async deleteMany(keys: readonly string[]): Promise<string[]> {
    const refused: string[] = [];
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH).map((key) => ({ Key: checked(key) }));
      // Quiet: the answer lists only the keys that failed (a missing key is deleted, as on DELETE).
      const answer = await this.call(() => this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } })));
      for (const error of answer.Errors ?? []) if (error.Key !== undefined) refused.push(error.Key);
    }
    return refused;
  }

  /** ListObjectsV2, one request per page, following its continuation token; a day is one listing per partition's prefix. */
  async *listPages(pageSize = LIST_PAGE_SIZE, day?: string): AsyncIterable<readonly ListedObject[]> {
    for (const prefix of day !== undefined ? dayPrefixes(day) : [undefined]) yield* this.listPrefix(pageSize, prefix);
  }

  private async *listPrefix(pageSize: number, prefix: string | undefined): AsyncIterable<readonly ListedObject[]> {
    let token: string | undefined;
    do {
      const answer = await this.call(() =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: pageSize, ...(prefix !== undefined ? { Prefix: prefix } : {}), ...(token ? { ContinuationToken: token } : {}) })),
      );
      const page = (answer.Contents ?? []).flatMap((item) => (item.Key !== undefined && item.LastModified ? [{ key: item.Key, modifiedAt: item.LastModified.getTime() }] : []));
      // A partition with nothing that day answers an empty page: not worth the caller's turn.
      if (page.length > 0) yield page;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
  }

  async size(key: string): Promise<number | null> {
    try {
      const answer = await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checked(key) })));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const answer = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked(key), Range: `bytes=0-${bytes - 1}` })));
    return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }

  /** The address getSignedUrl would give, signed on a request built once (s3-presigner.ts, D-090). */
  presignPut(key: string, expiresInSeconds: number, options?: PresignOptions): Promise<string> {
    return this.presigner.url('PUT', checked(key), expiresInSeconds, options);
  }

  presignGet(key: string, expiresInSeconds: number, options?: PresignOptions): Promise<string> {
    return this.presigner.url('GET', checked(key), expiresInSeconds, options);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Runs one S3 call; a store that cannot be reached or fails on its side becomes ObjectStoreUnavailableError (503). */
  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) throw error;
      throw new ObjectStoreUnavailableError(error);
    }
  }
}

function checked(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
  return key;
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * The whole body, refused past maxBytes. A refused body is drained, not destroyed, so the HTTP
 * layer can still answer on the same connection (as the local store does).
 */
function collect(body: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused: Error | null = null;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (refused) return;
      if (size > maxBytes) {
        refused = new ObjectTooLargeError(maxBytes);
        chunks.length = 0;
        reject(refused);
        return;
      }
      chunks.push(chunk);
    };
    const cleanup = () => {
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('aborted', onAborted);
    };
    const onEnd = () => {
      cleanup();
      if (!refused) resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAborted = () => onError(new Error('upload aborted by the client'));
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    body.once('aborted', onAborted);
  });
}
