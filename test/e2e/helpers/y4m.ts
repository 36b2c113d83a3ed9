/**
 * A face photo as a Y4M video for Chromium's fake camera (TESTING.md: header line, then per frame
 * `FRAME\n` and the I420 planes). The photo is scaled to the frame height and centred on a grey
 * background, so the face takes about a third of the width, as a customer in front of the
 * kiosk camera would.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export async function writeFaceY4m(photo: string, out: string, width = 640, height = 480, frames = 2): Promise<void> {
  const face = await sharp(photo).resize({ height, width: Math.round(height * 0.85), fit: 'cover' }).toBuffer();
  const { data } = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([{ input: face, gravity: 'center' }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  writeY4m(data, out, width, height, frames);
}

/** A box in pixels. */
export interface PixelBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The photo scaled and moved so that `from` (a box in the photo, e.g. its face's landmark box)
 * lands on `to` (a box in the frame), on grey, cropped to the frame: a face of exactly the size
 * and place a test needs (D-060's oval tests).
 */
export async function writePlacedFaceY4m(photo: string, from: PixelBox, to: PixelBox, out: string, width: number, height: number, frames = 2): Promise<void> {
  const scale = to.width / from.width;
  const meta = await sharp(photo).metadata();
  const scaledW = Math.round((meta.width ?? 0) * scale);
  const scaledH = Math.round((meta.height ?? 0) * scale);
  // Where the scaled photo's corner falls in the frame; the part outside the frame is cut off.
  const x = Math.round(to.left - from.left * scale);
  const y = Math.round(to.top - from.top * scale);
  const cut = { left: Math.max(0, -x), top: Math.max(0, -y) };
  const cutW = Math.min(scaledW - cut.left, width - Math.max(0, x));
  const cutH = Math.min(scaledH - cut.top, height - Math.max(0, y));
  const face = await sharp(photo).resize(scaledW, scaledH).extract({ left: cut.left, top: cut.top, width: cutW, height: cutH }).toBuffer();
  const { data } = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([{ input: face, left: Math.max(0, x), top: Math.max(0, y) }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  writeY4m(data, out, width, height, frames);
}

function writeY4m(data: Buffer, out: string, width: number, height: number, frames: number): void {
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  // BT.601 limited range, the YUV Chromium's file capture expects.
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      y[row * width + col] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        v[c] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420\n`);
  writeFileSync(out, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
