/**
 * The catalogue's product and treatment pictures, kept on the kiosk (docs/decisions.md, "Catalogue
 * pictures on the kiosk"): a customer offline must still see what is recommended. Each `pic`
 * address is downloaded once into `<dataDir>/catalogue-pictures/`, named by the SHA-256 of the
 * address as the catalogue gives it, and fetched again after `maxAgeMs` (the old file stays when
 * that fails). Only http(s), only JPEG, PNG, WebP or GIF (the declared content type and the
 * file's own first bytes must agree), at most `maxBytes`, within `timeoutMs`. Files of addresses
 * no longer in the catalogue are removed after a full refresh.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeDurable } from '../../common/node/durable-file.ts';

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

const EXTENSIONS: Readonly<Record<PictureType, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

export interface CataloguePicturesOptions {
  readonly dir: string;
  /** The platform's base address now: loopback picture addresses are read from it (resolvePictureUrl). */
  readonly baseUrl: () => string;
  /** Largest picture accepted. Default 5 MiB. */
  readonly maxBytes?: number;
  /** Whole download (headers and body). Default 15 s. */
  readonly timeoutMs?: number;
  /** A stored picture is fetched again after this long. Default 7 days. */
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

interface Stored {
  readonly file: string;
  readonly type: PictureType;
  readonly savedAt: number;
}

export interface PictureSyncResult {
  readonly stored: number;
  readonly failed: readonly { readonly url: string; readonly reason: string }[];
}

export class CataloguePictures {
  private readonly stored = new Map<string, Stored>();
  private readonly now: () => number;

  constructor(private readonly options: CataloguePicturesOptions) {
    this.now = options.now ?? Date.now;
    mkdirSync(options.dir, { recursive: true });
    for (const name of readdirSync(options.dir)) {
      const match = /^([0-9a-f]{64})\.(jpg|png|webp|gif)$/.exec(name);
      const type = match && (Object.keys(EXTENSIONS) as PictureType[]).find((t) => EXTENSIONS[t] === match[2]);
      if (match?.[1] && type) this.stored.set(match[1], { file: join(options.dir, name), type, savedAt: statSync(join(options.dir, name)).mtimeMs });
    }
  }

  /** The key of a picture address: the SHA-256 of the address as the catalogue gives it. */
  static key(url: string): string {
    return createHash('sha256').update(url).digest('hex');
  }

  /** The key when the picture of this address is stored, else null. */
  keyOf(url: string): string | null {
    if (!url) return null;
    const key = CataloguePictures.key(url);
    return this.stored.has(key) ? key : null;
  }

  /** How many of these addresses have their picture stored. */
  count(urls: readonly string[]): number {
    return new Set(urls.filter((url) => this.keyOf(url) !== null)).size;
  }

  async read(key: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: PictureType } | null> {
    const entry = this.stored.get(key);
    if (!entry) return null;
    try {
      return { bytes: new Uint8Array(await readFile(entry.file)), contentType: entry.type };
    } catch {
      // Removed behind our back: download it again at the next sync.
      this.stored.delete(key);
      return null;
    }
  }

  /**
   * Downloads what is missing or old, one picture at a time (a kiosk's link is shared with its
   * uploads); `prune` removes pictures of addresses not in `urls` (a complete catalogue only).
   */
  async sync(urls: readonly string[], prune: boolean, signal?: AbortSignal): Promise<PictureSyncResult> {
    const wanted = [...new Set(urls.filter((url) => url !== ''))];
    const failed: { url: string; reason: string }[] = [];
    let stored = 0;
    const maxAge = this.options.maxAgeMs ?? 7 * 24 * 3600_000;
    for (const url of wanted) {
      // A kiosk closing stops between pictures and aborts the one under way.
      if (signal?.aborted) return { stored, failed };
      const entry = this.stored.get(CataloguePictures.key(url));
      if (entry && this.now() - entry.savedAt < maxAge) continue;
      try {
        await this.download(url, signal);
        stored++;
      } catch (error) {
        failed.push({ url, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    if (prune) {
      const keep = new Set(wanted.map((url) => CataloguePictures.key(url)));
      for (const [key, entry] of [...this.stored]) {
        if (keep.has(key)) continue;
        this.stored.delete(key);
        await rm(entry.file, { force: true });
      }
    }
    return { stored, failed };
  }

  private async download(url: string, signal?: AbortSignal): Promise<void> {
    const address = resolvePictureUrl(url, this.options.baseUrl());
    const maxBytes = this.options.maxBytes ?? 5 * 1024 * 1024;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    const response = await fetch(address, { redirect: 'follow', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const declared = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(PICTURE_TYPES as readonly string[]).includes(declared)) {
      await response.body?.cancel();
      throw new Error(`not a picture type the kiosk shows: ${declared || 'no content type'}`);
    }
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    const bytes = await readLimited(response, maxBytes);
    const type = sniffPicture(bytes);
    if (type !== declared) throw new Error(`declared ${declared} but the file is ${type ?? 'not a picture'}`);
    const key = CataloguePictures.key(url);
    const file = join(this.options.dir, `${key}.${EXTENSIONS[type]}`);
    await writeDurable(file, bytes);
    const previous = this.stored.get(key);
    if (previous && previous.file !== file) await rm(previous.file, { force: true });
    this.stored.set(key, { file, type, savedAt: this.now() });
  }
}

/**
 * Where to fetch a picture. A loopback address (127.0.0.0/8, ::1, localhost) in the catalogue can
 * only mean the machine that serves the catalogue, i.e. a platform running beside the kiosk (the
 * embedded one, whose port may change between launches when the old one is taken): while the
 * platform is itself on loopback, such a picture is read from the platform's current origin.
 * Every other address is used as it is.
 */
export function resolvePictureUrl(pic: string, platformBaseUrl: string): string {
  const url = new URL(pic);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not an http(s) address: ${url.protocol}`);
  if (!platformBaseUrl) return url.href;
  const base = new URL(platformBaseUrl);
  if (!isLoopback(url.hostname) || !isLoopback(base.hostname)) return url.href;
  return new URL(`${url.pathname}${url.search}`, base.origin).href;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The picture type of a file from its first bytes, or null. */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((c, i) => at(from + i) === c.charCodeAt(0));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && ascii(1, 'PNG\r\n\x1a\n')) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}
