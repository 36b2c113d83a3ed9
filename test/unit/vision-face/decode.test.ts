// decodeImage: every bad input becomes a typed error, large inputs are downscaled on decode with
// bounded memory, EXIF orientation is applied (docs/vision-face.md, "Decoding").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, DEFAULT_MAX_PIXELS, probeImage } from '../../../vision/image/decode.ts';
import { ImageTooLargeError, ImageTooSmallError, NotAnImageError, TruncatedImageError } from '../../../vision/image/errors.ts';
import { fixtureBytes } from './helpers.ts';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header (IHDR) claims width x height but which carries no pixel data at all. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(0)), chunk('IEND', Buffer.alloc(0))]);
}

describe('decodeImage', () => {
  it('decodes a JPEG fixture to packed RGB at its own size', async () => {
    const image = await decodeImage(fixtureBytes('group-sample3.jpg'));
    expect([image.width, image.height, image.scale, image.format]).toEqual([640, 450, 1, 'jpeg']);
    expect(image.data.length).toBe(640 * 450 * 3);
  });

  it('applies the EXIF orientation so landmarks are found in the upright image', async () => {
    const rotated = await sharp(fixtureBytes('group-sample3.jpg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const image = await decodeImage(rotated);
    expect([image.width, image.height]).toEqual([450, 640]);
    expect(await probeImage(rotated)).toMatchObject({ width: 450, height: 640 });
  });

  it('rejects bytes that are not an image with NotAnImageError', async () => {
    await expect(decodeImage(Buffer.from('this is not an image, just text'))).rejects.toBeInstanceOf(NotAnImageError);
    await expect(decodeImage(new Uint8Array(0))).rejects.toBeInstanceOf(NotAnImageError);
    await expect(decodeImage(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'))).rejects.toBeInstanceOf(NotAnImageError);
  });

  it('rejects a JPEG cut off in its pixel data with TruncatedImageError', async () => {
    const jpeg = fixtureBytes('sample6-frontal.jpg');
    await expect(decodeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toBeInstanceOf(TruncatedImageError);
  });

  it('rejects a JPEG cut off in its header with TruncatedImageError', async () => {
    const jpeg = fixtureBytes('sample6-frontal.jpg');
    await expect(decodeImage(jpeg.subarray(0, 300))).rejects.toBeInstanceOf(TruncatedImageError);
  });

  it('rejects a 1x1 image with ImageTooSmallError', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } }).png().toBuffer();
    const err = await decodeImage(tiny).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageTooSmallError);
    expect(err).toMatchObject({ width: 1, height: 1, minSide: 32, code: 'image_too_small' });
  });

  it('rejects an image over the input pixel limit from its header alone, before decoding', async () => {
    // 20000 x 20000 = 400 MP claimed by a 57-byte file: decoding it would need 1.2 GB.
    const err = await decodeImage(pngHeader(20_000, 20_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageTooLargeError);
    expect(err).toMatchObject({ width: 20_000, height: 20_000, code: 'image_too_large' });
  });

  it('downscales a 60-megapixel JPEG on decode to the 25 MP working limit with bounded memory', async () => {
    // Made in a child process: sharp holds a created image in memory, which would hide the decoder's own peak here.
    const file = join(mkdtempSync(join(tmpdir(), 'vision-face-')), 'big.jpg');
    const make = `require('sharp')({ create: { width: 10000, height: 6000, channels: 3, background: { r: 200, g: 160, b: 140 } } }).jpeg({ quality: 80 }).toFile(${JSON.stringify(file)})`;
    execFileSync(process.execPath, ['-e', make]);
    const big = readFileSync(file);
    rmSync(dirname(file), { recursive: true });
    const peakBefore = process.resourceUsage().maxRSS; // kilobytes
    const image = await decodeImage(big);
    const peakGrowthMb = (process.resourceUsage().maxRSS - peakBefore) / 1024;
    expect([image.sourceWidth, image.sourceHeight]).toEqual([10_000, 6_000]);
    expect(image.width * image.height).toBeLessThanOrEqual(DEFAULT_MAX_PIXELS);
    expect(image.width / image.height).toBeCloseTo(10_000 / 6_000, 2);
    expect(image.scale).toBeCloseTo(image.width / 10_000, 6);
    expect(image.data.length).toBe(image.width * image.height * 3);
    // Measured: the peak grows ~110 MB (75 MB result + libvips' working set); a full-size decode grows it ~190 MB.
    expect(peakGrowthMb).toBeLessThan(150);
  });

  it('honours a smaller maxPixels (e.g. for a preview) and a custom minimum side', async () => {
    const image = await decodeImage(fixtureBytes('group-sample6.jpg'), { maxPixels: 100_000 });
    expect(image.width * image.height).toBeLessThanOrEqual(100_000);
    await expect(decodeImage(fixtureBytes('astronaut-frontal.jpg'), { minSide: 300 })).rejects.toBeInstanceOf(ImageTooSmallError);
  });
});
