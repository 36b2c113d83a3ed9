import { constants, gunzipSync } from 'node:zlib';

/**
 * What the load process of `npm run bench:http` checks of each answer (D-089): the status is 200
 * and the body, decoded when it came gzip-encoded, starts with the expected bytes (a 1001 is HTTP
 * 200 too, so the status alone would count refusals). Only the first bytes are kept and looked
 * at; the rest is counted, as autocannon counts bytes without reading them. The same work for
 * every target, so a large answer costs the client its reads, not a decoding of the whole body
 * into a string the bare route's 17 bytes never paid.
 */
export class AnswerCheck {
  readonly #prefix: Buffer;
  /**
   * Compressed bytes kept of a gzip body: enough for the stream's header and the start of its
   * first block (a dynamic block's code tables take up to about 100 bytes); a prefix they do not
   * reach fails, and shows as errors.
   */
  readonly #gzipHeadBytes: number;
  #status = 0;
  #gzip = false;
  #head: Buffer[] = [];
  #headLength = 0;
  #bodyLength = 0;

  constructor(expectPrefix: string, gzipHeadBytes = 256) {
    this.#prefix = Buffer.from(expectPrefix, 'utf8');
    if (this.#prefix.length === 0) throw new Error('an answer check needs a prefix to look for');
    this.#gzipHeadBytes = Math.max(gzipHeadBytes, this.#prefix.length);
  }

  /** A new answer's status and Content-Encoding (a header object as undici parses it). */
  start(statusCode: number, contentEncoding: string | string[] | undefined): void {
    this.#status = statusCode;
    const coding = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : contentEncoding ?? '').trim().toLowerCase();
    this.#gzip = coding === 'gzip' || coding === 'x-gzip';
    // Any other coding leaves the body as it came, which then fails the prefix (nothing asked for one).
    this.#head = [];
    this.#headLength = 0;
    this.#bodyLength = 0;
  }

  /** A piece of the body: counted, and kept only while the first bytes are still wanted. */
  data(chunk: Buffer): void {
    this.#bodyLength += chunk.length;
    const wanted = (this.#gzip ? this.#gzipHeadBytes : this.#prefix.length) - this.#headLength;
    if (wanted <= 0) return;
    const kept = chunk.length <= wanted ? chunk : chunk.subarray(0, wanted);
    this.#head.push(kept);
    this.#headLength += kept.length;
  }

  /** The body's length as received. */
  get bodyLength(): number {
    return this.#bodyLength;
  }

  /** Whether the answer just ended counts: 200 and the expected first bytes. */
  passed(): boolean {
    if (this.#status !== 200) return false;
    const head = this.#head.length === 1 ? this.#head[0]! : Buffer.concat(this.#head, this.#headLength);
    const first = this.#gzip ? (storedStart(head, this.#prefix.length) ?? gunzipHead(head)) : head;
    return first !== undefined && first.length >= this.#prefix.length && first.subarray(0, this.#prefix.length).equals(this.#prefix);
  }
}

/**
 * The start of a gzip stream whose first deflate block is stored (RFC 1951, 3.2.4: its bytes as
 * they are, after LEN and its complement), when that block holds at least `wanted` bytes; else
 * undefined, and zlib decodes the start instead. The platform's gzip answers begin so (their
 * envelope is a stored block, gzip-splice.ts): read here, the check of such an answer costs the
 * load process what an identity answer's does, not a zlib stream made and freed per answer,
 * which cost 10-20 µs and was a third of the client's work per request (D-094). Only a plain
 * header (no optional fields) is read here; anything else goes to zlib.
 */
function storedStart(head: Buffer, wanted: number): Buffer | undefined {
  // ID1 ID2, CM 8 (deflate), FLG 0; MTIME, XFL and OS are not needed to decode.
  if (head.length < GZIP_HEADER_BYTES + 5 || head[0] !== 0x1f || head[1] !== 0x8b || head[2] !== 8 || head[3] !== 0) return undefined;
  const block = GZIP_HEADER_BYTES;
  // BTYPE (bits 1-2 of the block's first byte) 00: stored; the rest of that byte is padding.
  if ((head[block]! & 0b110) !== 0) return undefined;
  const length = head.readUInt16LE(block + 1);
  if ((length ^ head.readUInt16LE(block + 3)) !== 0xffff || length < wanted) return undefined;
  const bytes = head.subarray(block + 5, block + 5 + length);
  return bytes.length >= wanted ? bytes : undefined;
}

const GZIP_HEADER_BYTES = 10;

/**
 * What the first bytes of a gzip stream decode to, however far they reach (a sync flush instead
 * of the end the cut stream lacks). Undefined when they do not decode: a corrupt start fails.
 */
function gunzipHead(head: Buffer): Buffer | undefined {
  try {
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}
