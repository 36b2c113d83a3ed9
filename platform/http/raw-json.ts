import { randomBytes } from 'node:crypto';
import { DeflatedPart, gzipSpliced } from './gzip-splice.ts';
import { joined } from './slab.ts';

/**
 * A value already serialised: an answer, or a part of one, kept as JSON text because it does
 * not change between requests (a finished task's result; D-054). The reply serializer splices
 * the text in where the value stands, so it is neither rebuilt nor serialised again. `T` is the
 * value the text encodes, so a route answering one is typed by its endpoint like any payload.
 */
export class RawJson<T = unknown> {
  /** Never set: carries `T` for the type checker. */
  declare readonly encodes?: T;

  #bytes: Buffer | null = null;
  #deflated: DeflatedPart | null = null;

  constructor(readonly json: string) {}

  /** The text as UTF-8, encoded once: what the socket is written (D-071). */
  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.json, 'utf8');
    return this.#bytes;
  }

  /** The bytes compressed once, for answers sent gzip-encoded (D-081). */
  get deflated(): DeflatedPart {
    this.#deflated ??= new DeflatedPart(this.bytes);
    return this.#deflated;
  }

  /** Called by JSON.stringify: a marker while stringifyReply runs, else the value itself (same text, slower). */
  toJSON(): unknown {
    if (collecting === null) return JSON.parse(this.json);
    collecting.push(this);
    return `${MARK}${collecting.length - 1}`;
  }
}

/** The JSON text of a value, as JSON.stringify writes it, with every RawJson inside spliced in. */
export function rawJsonOf<T>(value: T): RawJson<T> {
  return new RawJson<T>(stringifyReply(value));
}

/**
 * The reply serializer of the platform (envelope.ts installs it): JSON.stringify, with the
 * texts of RawJson values spliced in place of their markers. A marker is a string holding a NUL
 * and a per-process random nonce, which JSON.stringify writes escaped (`\u0000…`); a string of
 * the answer cannot produce it without knowing the nonce, which never leaves the process.
 */
export function stringifyReply(value: unknown): string {
  const { text, kept } = stringifyMarked(value);
  if (kept.length === 0) return text;
  return text.replace(MARKER, (_, index: string) => kept[Number(index)]?.json ?? 'null');
}

/**
 * stringifyReply's bytes, as the reply serializer hands them to the socket (envelope.ts): the
 * same text, but an answer with kept parts is joined from their UTF-8 bytes, encoded once when
 * kept, instead of being encoded again on every write (a result poll is 16 kB; D-071). An
 * answer with none is the string JSON.stringify writes, as before.
 */
export function serializeReply(value: unknown): string | Buffer {
  const parts = replyParts(value);
  if (typeof parts === 'string') return parts;
  const bytes = joined(parts.map((part) => (part instanceof RawJson ? part.bytes : part)));
  splicedParts.set(bytes, parts);
  return bytes;
}

/**
 * stringifyReply's text as the pieces to write, in order: the text around each kept part as
 * UTF-8, encoded now, and each kept part as it is (its bytes encoded once). The text itself when
 * nothing is kept. serializeReply joins the pieces; an answer given before Fastify writes them
 * as they are (early-answers.ts, D-084).
 */
export function replyParts(value: unknown): string | readonly (Buffer | RawJson)[] {
  const { text, kept } = stringifyMarked(value);
  if (kept.length === 0) return text;
  const parts: (Buffer | RawJson)[] = [];
  let from = 0;
  for (let at = text.indexOf(QUOTED_MARK); at !== -1; at = text.indexOf(QUOTED_MARK, from)) {
    const end = text.indexOf('"', at + QUOTED_MARK.length);
    parts.push(Buffer.from(text.slice(from, at), 'utf8'), kept[Number(text.slice(at + QUOTED_MARK.length, end))] ?? NULL_JSON);
    from = end + 1;
  }
  parts.push(Buffer.from(text.slice(from), 'utf8'));
  return parts;
}

/** Whether serializeReply joined these bytes from kept parts, so gzipOfReply can encode them. */
export function isSplicedReply(payload: unknown): payload is Buffer {
  return payload instanceof Buffer && splicedParts.has(payload);
}

/**
 * The gzip encoding of bytes serializeReply joined from kept parts: the same answer, each kept
 * part compressed once and spliced in (gzip-splice.ts, D-081).
 */
export function gzipOfReply(payload: Buffer): Buffer {
  const parts = splicedParts.get(payload);
  if (parts === undefined) throw new Error('not an answer serializeReply joined from kept parts');
  return gzipOfParts(parts);
}

/** The gzip encoding of replyParts' pieces, each kept part compressed once (gzip-splice.ts, D-081). */
export function gzipOfParts(parts: readonly (Buffer | RawJson)[]): Buffer {
  return gzipSpliced(parts.map((part) => (part instanceof RawJson ? part.deflated : part)));
}

/** The parts of each answer serializeReply joined, until the answer is written and collected. */
const splicedParts = new WeakMap<Buffer, readonly (Buffer | RawJson)[]>();

/** JSON.stringify's text with a marker where each RawJson stands, and those RawJson values in order. */
function stringifyMarked(value: unknown): { text: string; kept: RawJson[] } {
  const outer = collecting;
  collecting = [];
  try {
    const text = JSON.stringify(value);
    return { text, kept: collecting };
  } finally {
    collecting = outer;
  }
}

const NONCE = randomBytes(12).toString('hex');
const MARK = `\u0000${NONCE}:`;
/** A marker as JSON.stringify writes it, up to its index and closing quote: `"\u0000<nonce>:`. */
const QUOTED_MARK = `"\\u0000${NONCE}:`;
/** A whole marker as stringifyReply finds it. */
const MARKER = new RegExp(`"\\\\u0000${NONCE}:(\\d+)"`, 'g');

const NULL_JSON = new RawJson('null');

/** The values met by the stringifyMarked running now (JSON.stringify is synchronous); null outside one. */
let collecting: RawJson[] | null = null;
