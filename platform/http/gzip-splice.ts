import { constants, crc32, deflateRawSync } from 'node:zlib';
import { joined } from './slab.ts';

/**
 * gzip (RFC 1952) of an answer made of small per-request parts (the envelope: its req_id differs
 * on every request) and large kept parts compressed once (D-081). A raw deflate stream (RFC 1951)
 * may be cut into pieces that each end on a byte boundary: a kept part is compressed alone and
 * ended with a sync flush (its blocks are not final, its back-references stay inside it, so it
 * is valid at any position of a stream), the small parts are written as stored blocks, and the
 * last piece carries the final bit. The CRC-32 of the whole is combined from the parts' own,
 * so a request neither compresses nor checksums the kept bytes again.
 */
export class DeflatedPart {
  /** Raw deflate blocks of the bytes, none final, ending byte-aligned (Z_SYNC_FLUSH). */
  readonly deflated: Buffer;
  readonly crc: number;
  readonly length: number;
  /** crc32Combine's operator for this length, made once. */
  readonly shift: number;

  constructor(bytes: Buffer) {
    this.deflated = deflateRawSync(bytes, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH });
    this.crc = crc32(bytes);
    this.length = bytes.length;
    this.shift = x2nModP(bytes.length, 3);
  }
}

/** gzip of the parts in order: bytes are stored as they are, DeflatedParts spliced in. */
export function gzipSpliced(parts: readonly (Buffer | DeflatedPart)[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    if (part instanceof DeflatedPart) {
      out.push(part.deflated);
      crc = (multModP(part.shift, crc) ^ part.crc) >>> 0;
      length += part.length;
    } else if (part.length > 0) {
      pushStored(out, part, false);
      crc = crc32(part, crc);
      length += part.length;
    }
  }
  pushStored(out, EMPTY, true);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952, 2.3.1).
  trailer.writeUInt32LE(length % 0x1_0000_0000, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/**
 * gzip of `before ‖ id ‖ after ‖ kept ‖ tail` where only `id` changes from one request to the
 * next (an envelope's req_id around a kept answer; D-094). The stream is gzipSpliced's for those
 * parts, byte for byte (`before ‖ id ‖ after` one stored block, which it must fit), laid out once;
 * a request copies it (1.3 kB for a poll) and writes the id, the CRC-32 (the id's bytes and one
 * combination) and nothing else: no pieces, no stored block headers, no crc32 of the other parts.
 */
export class GzipAroundId {
  /** The whole stream with the id's bytes and the CRC still to write. */
  readonly #template: Buffer;
  readonly #idAt: number;
  readonly #idLength: number;
  readonly #crcBefore: number;
  /** CRC-32 of everything after the id, and crc32Combine's operator for its length. */
  readonly #crcAfter: number;
  readonly #shiftAfter: number;

  constructor(before: Buffer, idLength: number, after: Buffer, kept: DeflatedPart, tail: Buffer) {
    const headLength = before.length + idLength + after.length;
    if (idLength < 1 || headLength > STORED_BLOCK_MAX) throw new Error(`a head of ${headLength} bytes with an id of ${idLength} does not fit one stored block`);
    // gzipSpliced's own layout, the head one stored block with the id's bytes still blank; its
    // CRC is overwritten per request.
    this.#template = gzipSpliced([Buffer.concat([before, Buffer.alloc(idLength), after]), kept, tail]);
    this.#idAt = GZIP_HEADER.length + 5 + before.length;
    this.#idLength = idLength;
    this.#crcBefore = crc32(before);
    let crc = crc32(after);
    crc = (multModP(kept.shift, crc) ^ kept.crc) >>> 0;
    this.#crcAfter = crc32(tail, crc);
    this.#shiftAfter = x2nModP(after.length + kept.length + tail.length, 3);
  }

  /** The stream's length in bytes, whatever the id. */
  get length(): number {
    return this.#template.length;
  }

  /** The gzip stream with this id, in a Buffer of its own; the id is `idLength` ASCII characters (a req_id's hex digits). */
  bytes(id: string): Buffer {
    if (id.length !== this.#idLength) throw new Error(`an id of ${id.length} characters where ${this.#idLength} were laid out`);
    const out = joined([this.#template]);
    out.write(id, this.#idAt, 'latin1');
    out.writeUInt32LE((multModP(this.#shiftAfter, crc32(id, this.#crcBefore)) ^ this.#crcAfter) >>> 0, out.length - 8);
    return out;
  }
}

/** ID1 ID2, CM deflate, no flags, no mtime, no extra flags, OS unknown (RFC 1952, 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const EMPTY = Buffer.alloc(0);
/** The most bytes one stored block holds (RFC 1951, 3.2.4: LEN is 16 bits). */
export const STORED_BLOCK_MAX = 0xffff;

/**
 * Stored blocks (RFC 1951, 3.2.4): the header bits BFINAL and BTYPE 00 padded to a byte, then
 * LEN and its complement, then the bytes. Every piece before ends byte-aligned.
 */
function pushStored(out: Buffer[], bytes: Buffer, final: boolean): void {
  let from = 0;
  do {
    const n = Math.min(STORED_BLOCK_MAX, bytes.length - from);
    const last = from + n === bytes.length;
    const header = Buffer.allocUnsafe(5);
    header[0] = final && last ? 1 : 0;
    header.writeUInt16LE(n, 1);
    header.writeUInt16LE(~n & 0xffff, 3);
    out.push(header, bytes.subarray(from, from + n));
    from += n;
  } while (from < bytes.length);
}

// CRC-32 combination as zlib's crc32_combine (crc32.c): multiplication modulo the CRC polynomial,
// reflected; crc(A‖B) = multModP(x^(8·|B|), crc(A)) ^ crc(B).
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x8000_0000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0..31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x4000_0000; // x^1
  for (let n = 0; n < 32; n++) {
    table.push(p);
    p = multModP(p, p);
  }
  return table;
})();

/** x^(n·2^k) modulo the polynomial: k = 3 turns a length in bytes into one in bits. */
function x2nModP(n: number, k: number): number {
  let p = 0x8000_0000; // x^0
  while (n > 0) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
