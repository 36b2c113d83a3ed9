import { randomBytes } from 'node:crypto';
import { datedKey } from '../objects/dated-keys.ts';
import type { Readable } from 'node:stream';
import { Codes } from '../../protocol/codes.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { UploadCodes } from '../../protocol/skin-api/upload-codes.ts';
import { resolveUploadFile, type UploadMethod, type UploadPolicyResponse } from '../../protocol/skin-api/upload-policy.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import { ObjectExistsError, ObjectTooLargeError, type DirectAccess, type ObjectStore } from '../objects/object-store.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { contentMatchesExtension } from './file-sniff.ts';
import { OrderRepository } from './order-repository.ts';
import { UploadRepository, type UploadRow } from './upload-repository.ts';
import { signUpload, verifyUploadSignature } from './upload-signing.ts';

export type { UploadRow } from './upload-repository.ts';

export interface UploadSettings {
  method: UploadMethod;
  ttlSeconds: number;
  maxBytes: number;
}

export interface StoredFile {
  resourceKey: string;
  merchantId: number;
  mime: string;
  size: number;
}

/** Bytes read to sniff the real type of an object uploaded straight to the store (file-sniff.ts needs fewer). */
const SNIFF_BYTES = 64;

/**
 * The resource keys policies hand out (issuePolicy): the list partition and day (D-142), 128
 * random bits in hex, a dot, the extension. Keys made before D-142 have no partition and day.
 */
export const RESOURCE_KEY = /^(?:[0-9a-f]-\d{8}-)?[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** Path of the upload address and of a stored file, relative to the instance's base address. */
export const UPLOAD_PATH = '/skin_api/file/upload';
export const FILE_PATH = '/skin_api/file/resource';

function noValidOrder(): ApiError {
  return new ApiError(Codes.MERCHANT_INVALID, 'the merchant has no valid Skin API order');
}

/**
 * Upload policies and the uploads they allow (specification: POST /skin_api/file/upload_policy,
 * Upload flow). A policy is a row plus a signed address; its file becomes visible only after it
 * was received whole, matched its declared type and was written durably, and only once.
 */
export class UploadService {
  private readonly rows: UploadRepository;
  /**
   * The policy's INSERT commits without waiting for the WAL flush on PostgreSQL (D-096): a row a
   * database crash loses leaves at most an object the orphan sweep removes, and a task naming the
   * upload is refused with 45013 (upload again). Its first synchronous commit after (the upload
   * received, the task accepted) flushes it.
   */
  private readonly policyRows: UploadRepository;
  private readonly orders: OrderRepository;

  constructor(
    sql: SqlDatabase,
    private readonly clock: Clock,
    private readonly store: ObjectStore,
    /** Set with an S3 store: PUT policies are presigned addresses of the store itself (D-072). */
    private readonly direct: DirectAccess | null,
    private readonly signingKey: Buffer,
    private readonly settings: UploadSettings,
  ) {
    this.rows = new UploadRepository(sql);
    this.policyRows = new UploadRepository(sql.lazyCommit);
    this.orders = new OrderRepository(sql);
  }

  async issuePolicy(merchantId: number, appId: string, body: unknown, baseUrl: string): Promise<UploadPolicyResponse> {
    const check = resolveUploadFile(body);
    if (!check.ok) {
      // A merchant without a valid order hears that first, whatever its request says.
      if (!(await this.orders.findValid(merchantId, this.clock.now()))) throw noValidOrder();
      throw new ApiError(check.code, check.message);
    }
    const { file } = check;
    const now = this.clock.now();
    const resourceKey = datedKey(now, `${randomBytes(16).toString('hex')}.${file.extension}`);
    // Rounded up to the whole second the signature carries: a policy never lives shorter than its ttl.
    const expires = Math.ceil((now + this.settings.ttlSeconds * 1000) / 1000);
    const method = this.settings.method;
    // The order check and the row in one statement: one round trip to the database (D-090),
    // committed without waiting for the WAL flush (D-096).
    const written = await this.policyRows.insertForValidOrder(
      { resourceKey, merchantId, appId, method, extension: file.extension, mime: file.mime, fileName: file.fileName, maxBytes: this.settings.maxBytes, expiresAt: expires * 1000, createdAt: now },
      now,
    );
    if (!written) throw noValidOrder();
    const signature = signUpload(this.signingKey, method, resourceKey, expires);
    let upload: UploadPolicyResponse['upload'];
    if (method === 'PUT' && this.direct) {
      // Straight to the store: the platform leaves the data path; size and real type are checked
      // when a task first uses the object (settleDirect). POST stays with the platform (D-072).
      upload = { method, url: await this.direct.presignPut(resourceKey, this.settings.ttlSeconds), form_data: {} };
    } else {
      upload =
        method === 'PUT'
          ? { method, url: `${baseUrl}${UPLOAD_PATH}/${resourceKey}?expires=${expires}&signature=${signature}`, form_data: {} }
          : { method, url: `${baseUrl}${UPLOAD_PATH}`, form_data: { key: resourceKey, expires: String(expires), signature } };
    }
    return {
      resource_key: resourceKey,
      resource_url: `${baseUrl}${FILE_PATH}/${resourceKey}`,
      ttl: this.settings.ttlSeconds,
      upload,
      mime: file.mime,
    };
  }

  /** Checks an upload attempt before its body is read: address, expiry, method, single use. */
  async authorize(method: UploadMethod, fields: { key?: string; expires?: string; signature?: string }): Promise<UploadRow> {
    const { key, expires, signature } = fields;
    if (!key || !expires || !signature || !/^\d{1,12}$/.test(expires)) throw new ApiError(UploadCodes.SIGNATURE_INVALID, 'key, expires and signature are required');
    const row = await this.rows.find(key);
    if (!row) throw new ApiError(UploadCodes.SIGNATURE_INVALID, 'unknown upload');
    if (!verifyUploadSignature(this.signingKey, row.method, key, Number(expires), signature) || Number(expires) * 1000 !== row.expires_at) {
      throw new ApiError(UploadCodes.SIGNATURE_INVALID, 'the upload address was altered');
    }
    if (row.method !== method) throw new ApiError(UploadCodes.METHOD_MISMATCH, `this policy takes ${row.method}`);
    if (this.clock.now() >= row.expires_at) throw new ApiError(UploadCodes.POLICY_EXPIRED);
    if (row.uploaded_at !== null) throw new ApiError(UploadCodes.POLICY_USED);
    return row;
  }

  /** Streams the body to storage and records it, or stores nothing and throws. */
  async receive(row: UploadRow, body: Readable): Promise<StoredFile> {
    let staged;
    try {
      staged = await this.store.stage(body, row.max_bytes);
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw new ApiError(UploadCodes.TOO_LARGE, `at most ${row.max_bytes} bytes`);
      throw error;
    }
    try {
      if (staged.size === 0) throw new ApiError(Codes.INVALID_PARAM, 'the file is empty');
      if (!contentMatchesExtension(staged.head, row.extension)) throw new ApiError(UploadCodes.CONTENT_MISMATCH, `the content is not a .${row.extension} file`);
      // Expiry is checked again: a slow upload that finished after the deadline does not count.
      if (this.clock.now() >= row.expires_at) throw new ApiError(UploadCodes.POLICY_EXPIRED);
      await staged.commit(row.resource_key);
    } catch (error) {
      await staged.discard();
      if (error instanceof ObjectExistsError) throw new ApiError(UploadCodes.POLICY_USED);
      throw error;
    }
    if (!(await this.rows.markUploaded(row.resource_key, this.clock.now(), staged.size, staged.sha256))) {
      // Its row went between authorize() and here (lost with a database crash, or swept): the
      // object names nothing, so it goes and the client asks for a new policy (44101).
      if (!(await this.rows.find(row.resource_key))) {
        await this.store.delete(row.resource_key);
        throw new ApiError(UploadCodes.SIGNATURE_INVALID, 'unknown upload');
      }
      throw new ApiError(UploadCodes.POLICY_USED);
    }
    return { resourceKey: row.resource_key, merchantId: row.merchant_id, mime: row.mime, size: staged.size };
  }

  /**
   * A stored file, or undefined when the key names none. With an S3 store, a PUT policy's object
   * arrived without the platform seeing it: the first use checks and records it (settleDirect),
   * and throws the upload codes when it is refused.
   */
  async storedFile(resourceKey: string): Promise<StoredFile | undefined> {
    const row = await this.rows.findStored(resourceKey);
    if (row) return { resourceKey: row.resource_key, merchantId: row.merchant_id, mime: row.mime, size: row.size };
    return this.direct ? this.settleDirect(this.direct, resourceKey) : undefined;
  }

  /**
   * The checks a presigned PUT cannot make (the request has only a name, so no size was signed):
   * the size against the policy's limit, then the real type from the first bytes. A refused
   * object is deleted, so its key never names a file (D-072).
   */
  private async settleDirect(direct: DirectAccess, resourceKey: string): Promise<StoredFile | undefined> {
    const row = await this.rows.find(resourceKey);
    if (!row) {
      // An object under a key no row names: its policy's row was lost (a database crash within
      // the flush window of its asynchronous commit, D-096) or swept. The client uploads again
      // (45013); the orphan sweep removes the object.
      if (RESOURCE_KEY.test(resourceKey) && (await direct.size(resourceKey)) !== null) {
        throw new ApiError(TaskCodes.RESOURCE_LOST, `resource ${resourceKey}: its upload policy is unknown; upload again through a new policy`);
      }
      return undefined;
    }
    if (row.method !== 'PUT' || row.uploaded_at !== null) return undefined;
    const size = await direct.size(resourceKey);
    if (size === null) return undefined;
    let refusal: ApiError | null = null;
    if (size > row.max_bytes) refusal = new ApiError(UploadCodes.TOO_LARGE, `resource ${resourceKey}: at most ${row.max_bytes} bytes`);
    else if (size === 0) refusal = new ApiError(Codes.INVALID_PARAM, `resource ${resourceKey}: the file is empty`);
    else if (!contentMatchesExtension(await direct.readHead(resourceKey, SNIFF_BYTES), row.extension)) {
      refusal = new ApiError(UploadCodes.CONTENT_MISMATCH, `resource ${resourceKey}: the content is not a .${row.extension} file`);
    }
    if (refusal) {
      await this.store.delete(resourceKey);
      throw refusal;
    }
    // Another request may have settled it meanwhile: either way the row now says what is stored.
    await this.rows.markUploaded(resourceKey, this.clock.now(), size, null);
    const stored = await this.rows.findStored(resourceKey);
    return stored && { resourceKey: stored.resource_key, merchantId: stored.merchant_id, mime: stored.mime, size: stored.size };
  }
}
