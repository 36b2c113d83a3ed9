// SVG overlays drawn onto fixture photos at landmark positions: glasses frames, sunglasses, eyes
// painted over with skin. The repository has no photos of these, so the tests make them.
import sharp from 'sharp';
import { decodeImage } from '../../../vision/image/decode.ts';
import type { DecodedImage } from '../../../vision/image/decode.ts';

type Pt = { x: number; y: number };

function point(lm: Float32Array, i: number): Pt {
  return { x: lm[3 * i]!, y: lm[3 * i + 1]! };
}

function mid(a: Pt, b: Pt): Pt {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Two rounded lenses and a bridge; `tinted` fills the lenses almost black (sunglasses). */
export function glassesSvg(width: number, height: number, lm: Float32Array, tinted: boolean): Buffer {
  const r = mid(point(lm, 33), point(lm, 133));
  const l = mid(point(lm, 362), point(lm, 263));
  const d = Math.hypot(l.x - r.x, l.y - r.y);
  const angle = Math.atan2(l.y - r.y, l.x - r.x);
  const [lw, lh, stroke] = [d * 0.8, d * 0.55, Math.max(2, d * 0.06)];
  const lens = (c: Pt): string =>
    `<rect x="${c.x - lw / 2}" y="${c.y - lh / 2}" width="${lw}" height="${lh}" rx="${lh * 0.3}" transform="rotate(${(angle * 180) / Math.PI} ${c.x} ${c.y})" ` +
    `fill="${tinted ? '#111' : 'none'}" fill-opacity="0.95" stroke="#1a1a1a" stroke-width="${stroke}"/>`;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const b0 = { x: r.x + (lw / 2) * cos, y: r.y + (lw / 2) * sin - lh * 0.15 };
  const b1 = { x: l.x - (lw / 2) * cos, y: l.y - (lw / 2) * sin - lh * 0.15 };
  const bridge = `<line x1="${b0.x}" y1="${b0.y}" x2="${b1.x}" y2="${b1.y}" stroke="#1a1a1a" stroke-width="${stroke}"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lens(r)}${lens(l)}${bridge}</svg>`);
}

/** Each eye covered by an ellipse of the cheek's colour with a dark lash line: eyes "shut". */
export function eyesShutSvg(width: number, height: number, lm: Float32Array, skin: string): Buffer {
  const eye = (outer: number, inner: number): string => {
    const [a, b] = [point(lm, outer), point(lm, inner)];
    const c = mid(a, b);
    const w = Math.hypot(b.x - a.x, b.y - a.y);
    const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
    return (
      `<ellipse cx="${c.x}" cy="${c.y - w * 0.05}" rx="${w * 0.62}" ry="${w * 0.32}" fill="${skin}" transform="rotate(${deg} ${c.x} ${c.y})"/>` +
      `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="#3a2a20" stroke-width="${Math.max(1.5, w * 0.06)}"/>`
    );
  };
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${eye(33, 133)}${eye(362, 263)}</svg>`);
}

export async function withOverlay(bytes: Buffer, svg: Buffer): Promise<DecodedImage> {
  return decodeImage(await sharp(bytes).composite([{ input: svg }]).png().toBuffer());
}
