import type { Readable } from 'node:stream';

/** A body received and written to storage (not yet durable) but not yet visible under a key. */
export interface StagedObject {
  readonly size: number;
  readonly sha256: string;
  /** The first bytes, for sniffing the real file type. */
  readonly head: Buffer;
  /**
   * Makes the object visible under `key` (atomically: whole or not at all); fails with
   * ObjectExistsError if the key is taken. Durable only after persist() (D-031).
   */
  commit(key: string): Promise<void>;
  discard(): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`object larger than ${limit} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`object ${key} already exists`);
    this.name = 'ObjectExistsError';
  }
}

/**
 * The store could not be reached or failed on its side: the request that needed it is answered
 * 503 with the envelope (like a database that went away, D-053), and nothing was accepted.
 */
export class ObjectStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`object store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ObjectStoreUnavailableError';
  }
}

/** An object as a listing gives it: its key and when it was last written (ms since the epoch). */
export interface ListedObject {
  readonly key: string;
  readonly modifiedAt: number;
}

/** Objects a listing page holds at most (S3's own limit of ListObjectsV2). */
export const LIST_PAGE_SIZE = 1000;

/**
 * What a store reachable by clients directly adds (S3, D-072): uploads and downloads by presigned
 * address, so the platform leaves the data path, and the checks of objects it never saw arrive.
 */
export interface DirectAccess {
  /** An address a client PUTs the raw bytes to until it expires. */
  presignPut(key: string, expiresInSeconds: number): Promise<string>;
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  /** The size of the object, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Up to `bytes` first bytes of the object, for sniffing its real type. */
  readHead(key: string, bytes: number): Promise<Buffer>;
}

/**
 * Where uploaded files and analysis outputs live. The local-disk store is the embedded
 * default; an S3-compatible store can implement the same interface without touching handlers.
 */
export interface ObjectStore {
  /**
   * Which store this is (`s3://bucket` at its endpoint, or the local folder): the platform's
   * once-a-day work over a store is one node's turn per store (D-140).
   */
  readonly location: string;
  /** Streams a body to storage, refusing it past maxBytes; nothing is visible until commit. */
  stage(body: Readable, maxBytes: number): Promise<StagedObject>;
  /** Writes a whole object durably (analysis outputs). Overwrites nothing: keys are fresh. */
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Makes committed objects durable (D-031): after it resolves they survive a power loss.
   * Resolves with the keys that are missing or not of the expected size, which a power loss
   * before their persist() can cause.
   */
  persist(objects: readonly { key: string; size: number }[]): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  /** A stream of the object, or null when there is none. */
  open(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Removes the objects; a missing one is no error. On S3 one request per 1,000 keys
   * (DeleteObjects), so a removed merchant's hundreds of thousands of files go in minutes, not in
   * hours of one request per file (D-139). Resolves with the keys the store refused to delete
   * (S3 answers per key, e.g. AccessDenied); the others are gone. A store that cannot be reached
   * rejects.
   */
  deleteMany(keys: readonly string[]): Promise<string[]>;
  /**
   * Every object, a page of at most `pageSize` at a time, in no promised order (the orphan sweep,
   * D-096): a store of millions of objects is walked, never held whole. Objects written or
   * removed during the walk may or may not show. With `day` (`20261207`), only the keys made on
   * that day (`dated-keys.ts`, D-142), without reading any other.
   */
  listPages(pageSize?: number, day?: string): AsyncIterable<readonly ListedObject[]>;
  /**
   * Resolves when the store can take writes now; rejects saying why (readiness, D-053). Cheap:
   * it runs on every /readyz probe, so no object is written.
   */
  ready(): Promise<void>;
  /** Lets go of connections (an S3 client's keep-alive sockets) when the instance closes. */
  close(): Promise<void>;
}
