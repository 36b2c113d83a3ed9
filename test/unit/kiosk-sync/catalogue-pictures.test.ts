/**
 * Catalogue pictures on the kiosk (docs/decisions.md, "Catalogue pictures on the kiosk"): the
 * catalogue cache downloads every item's `pic` into the data directory and serves it offline;
 * only http(s) pictures of an image type whose bytes match, within size and time limits. Against
 * real loopback servers: the seeded demo platform (its pictures route) and a small server that
 * misbehaves on purpose.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogue } from '../../../main/catalogue/catalogue.ts';
import { CataloguePictures, resolvePictureUrl, sniffPicture } from '../../../main/catalogue/pictures.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { tempStore } from './helpers.ts';

describe('catalogue pictures from the demo platform', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(() => tp.stop());

  it('stores every product and treatment picture of the store on refresh and reads them back offline', async () => {
    const { store, dir, cleanup } = await tempStore();
    try {
      const pictures = new CataloguePictures({ dir: join(dir, 'catalogue-pictures'), baseUrl: () => tp.platform.url });
      const catalogue = new Catalogue({ cache: store.catalogue, client: () => tp.client(tp.app('primary')), storeCustomId: () => 'SG001', pictures });
      const snapshot = await catalogue.refresh();
      // The pictures download in the background (the sync engine must not wait for them).
      await catalogue.picturesSettled();
      const items = [...snapshot.products, ...snapshot.treatments];
      expect(items.length).toBeGreaterThan(10);
      // The seed points every picture at the platform itself.
      for (const item of items) expect(item.pic).toMatch(new RegExp(`^${tp.platform.url}/demo/catalogue/[a-z0-9]+\\.png$`));
      expect(catalogue.pictureCounts()).toEqual({ stored: new Set(items.map((i) => i.pic)).size, wanted: new Set(items.map((i) => i.pic)).size });

      const serum = snapshot.products.find((p) => p.custom_id === 'P1003');
      const key = catalogue.pictureKey(serum?.pic ?? '');
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      // Offline: the platform is not asked again; the bytes are a real 320 x 320 PNG.
      const stored = await catalogue.picture(key ?? '');
      expect(stored?.contentType).toBe('image/png');
      const meta = await sharp(Buffer.from(stored?.bytes ?? new Uint8Array())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 320]);
      // A drawn picture, not a blank: its pixels vary.
      const { channels } = await sharp(Buffer.from(stored?.bytes ?? new Uint8Array())).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);

      // A second kiosk start finds the files on disk.
      const again = new CataloguePictures({ dir: join(dir, 'catalogue-pictures'), baseUrl: () => '' });
      expect(again.keyOf(serum?.pic ?? '')).toBe(key);
    } finally {
      cleanup();
    }
  });

  it('answers 404 for a file that is no demo picture', async () => {
    const response = await fetch(`${tp.platform.url}/demo/catalogue/x9999.png`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { meta: { code: number } }).meta.code).toBe(404);
  });
});

describe('picture downloads', () => {
  let server: Server;
  let origin = '';
  const png = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c98b6b' } }).png().toBuffer();
  const jpg = sharp({ create: { width: 8, height: 8, channels: 3, background: '#4f9a94' } }).jpeg().toBuffer();
  let hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      void (async () => {
        switch (req.url) {
          case '/a.png':
            return res.writeHead(200, { 'content-type': 'image/png' }).end(await png);
          case '/b.jpg':
            return res.writeHead(200, { 'content-type': 'image/jpeg; charset=binary' }).end(await jpg);
          case '/page.html':
            return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
          case '/lying.png':
            return res.writeHead(200, { 'content-type': 'image/png' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
          case '/huge.png':
            // Declares nothing; streams past the limit.
            res.writeHead(200, { 'content-type': 'image/png' });
            res.write(await png);
            return res.end(Buffer.alloc(4096));
          case '/slow.png':
            res.writeHead(200, { 'content-type': 'image/png' });
            return setTimeout(() => res.end(), 2000);
          case '/moved.png':
            return res.writeHead(302, { location: '/a.png' }).end();
          default:
            return res.writeHead(404).end();
        }
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function fresh(options: { baseUrl?: string; maxAgeMs?: number; now?: () => number } = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-pictures-'));
    const { baseUrl = '', ...rest } = options;
    const pictures = new CataloguePictures({ dir, baseUrl: () => baseUrl, maxBytes: 1024, timeoutMs: 500, ...rest });
    return { dir, pictures, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }

  it('keeps only real pictures: type declared and bytes agreeing, under the size and time limits', async () => {
    const { dir, pictures, cleanup } = fresh();
    try {
      const urls = ['a.png', 'b.jpg', 'page.html', 'lying.png', 'huge.png', 'slow.png', 'missing.png', 'moved.png'].map((f) => `${origin}/${f}`);
      const result = await pictures.sync([...urls, 'ftp://127.0.0.1/x.png', ''], true);
      expect(result.stored).toBe(3);
      const reasons = Object.fromEntries(result.failed.map((f) => [f.url.replace(`${origin}/`, ''), f.reason]));
      expect(reasons).toEqual({
        'page.html': expect.stringContaining('text/html'),
        'lying.png': expect.stringContaining('not a picture'),
        'huge.png': expect.stringContaining('larger than 1024 bytes'),
        'slow.png': expect.stringMatching(/abort|timeout/i),
        'missing.png': 'HTTP 404',
        'ftp://127.0.0.1/x.png': expect.stringContaining('not an http(s) address'),
      });
      expect((await pictures.read(pictures.keyOf(`${origin}/b.jpg`) ?? ''))?.contentType).toBe('image/jpeg');
      // A redirect to a picture is followed; the picture is kept under the address the catalogue gave.
      expect(pictures.keyOf(`${origin}/moved.png`)).not.toBeNull();
      expect(readdirSync(dir).sort()).toHaveLength(3);
      expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
    } finally {
      cleanup();
    }
  });

  it('stops when the kiosk closes: the download under way is aborted and no other starts', async () => {
    const { dir, pictures, cleanup } = fresh();
    try {
      hits = [];
      const stop = new AbortController();
      const started = Date.now();
      setTimeout(() => stop.abort(), 100);
      // timeoutMs is 500: an abort that did not reach the fetch would take that long.
      const result = await pictures.sync([`${origin}/slow.png`, `${origin}/a.png`], true, stop.signal);
      expect(Date.now() - started).toBeLessThan(400);
      expect(hits).toEqual(['/slow.png']);
      expect(result.stored).toBe(0);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      cleanup();
    }
  });

  it('fetches a picture once while it is fresh, again once it is old, and removes pictures the catalogue dropped', async () => {
    let now = 1_000_000;
    const { dir, pictures, cleanup } = fresh({ maxAgeMs: 60_000, now: () => now });
    try {
      hits = [];
      await pictures.sync([`${origin}/a.png`, `${origin}/b.jpg`], true);
      await pictures.sync([`${origin}/a.png`, `${origin}/b.jpg`], true);
      expect(hits).toEqual(['/a.png', '/b.jpg']);
      now += 61_000;
      await pictures.sync([`${origin}/a.png`], true);
      expect(hits).toEqual(['/a.png', '/b.jpg', '/a.png']);
      expect(pictures.keyOf(`${origin}/b.jpg`)).toBeNull();
      expect(readdirSync(dir)).toEqual([`${CataloguePictures.key(`${origin}/a.png`)}.png`]);
      // An old picture whose address stopped answering is kept rather than lost.
      now += 61_000;
      const gone = `${origin}/a.png`.replace(/:\d+\//, ':1/');
      await pictures.sync([gone], false);
      expect(existsSync(join(dir, `${CataloguePictures.key(`${origin}/a.png`)}.png`))).toBe(true);
    } finally {
      cleanup();
    }
  });

  it('reads a loopback picture from the platform where it listens now (an embedded platform that changed port)', async () => {
    const stale = `${origin.replace(/:\d+$/, ':9')}/a.png`;
    const { pictures, cleanup } = fresh({ baseUrl: `${origin}/` });
    try {
      expect(await pictures.sync([stale], true)).toEqual({ stored: 1, failed: [] });
      expect(pictures.keyOf(stale)).toBe(CataloguePictures.key(stale));
    } finally {
      cleanup();
    }
    expect(resolvePictureUrl('http://localhost:8080/p/x.png?v=2', 'http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000/p/x.png?v=2');
    // Addresses of other hosts, or a platform elsewhere, are used as they are.
    expect(resolvePictureUrl('https://cdn.example.com/x.png', 'http://127.0.0.1:4000')).toBe('https://cdn.example.com/x.png');
    expect(resolvePictureUrl('http://127.0.0.1:8080/x.png', 'https://platform.example.com')).toBe('http://127.0.0.1:8080/x.png');
  });

  it('tells picture types by their first bytes', async () => {
    expect(sniffPicture(await png)).toBe('image/png');
    expect(sniffPicture(await jpg)).toBe('image/jpeg');
    expect(sniffPicture(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffPicture(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffPicture(Buffer.from('<svg'))).toBeNull();
  });
});
