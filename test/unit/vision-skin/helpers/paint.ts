// Paints known blemishes onto a real face photo, so detectors can be scored against ground
// truth: every item has a kind, a position in image pixels, a size and a strength 0..1. Each
// painter changes the pixels the way the real thing changes skin colour (docs/vision-skin.md,
// "Benchmark"), with soft edges, so they are neither trivially easy nor impossible.
import type { Point2, RgbImage } from '../../../../vision/types.ts';
import { distanceToPath } from '../../../../vision/skin/image/raster.ts';

export type PaintKind = 'spot' | 'pore' | 'blackhead' | 'papule' | 'line' | 'crows_line' | 'redness' | 'shine' | 'dark_circle' | 'porphyrin';

export interface Painted {
  readonly kind: PaintKind;
  readonly at: Point2;
  /** Radius in image pixels (half-width for lines). */
  readonly radius: number;
  readonly strength: number;
  /** Lines only: the painted polyline and its length in pixels. */
  readonly path?: readonly Point2[];
  readonly length?: number;
}

type Tint = (r: number, g: number, b: number, w: number) => [number, number, number];

/** Applies `tint` with weight w(distance) around a centre, inside radius * reach. */
function dab(img: RgbImage, at: Point2, radius: number, reach: number, profile: (d: number) => number, tint: Tint): void {
  const x0 = Math.max(0, Math.floor(at.x - radius * reach));
  const x1 = Math.min(img.width - 1, Math.ceil(at.x + radius * reach));
  const y0 = Math.max(0, Math.floor(at.y - radius * reach));
  const y1 = Math.min(img.height - 1, Math.ceil(at.y + radius * reach));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const w = profile(Math.hypot(x + 0.5 - at.x, y + 0.5 - at.y) / radius);
      if (w <= 0.002) continue;
      apply(img, x, y, w, tint);
    }
  }
}

function apply(img: RgbImage, x: number, y: number, w: number, tint: Tint): void {
  const i = (y * img.width + x) * 3;
  const [r, g, b] = tint(img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0, w);
  img.data[i] = clamp(r);
  img.data[i + 1] = clamp(g);
  img.data[i + 2] = clamp(b);
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/** Flat top to 0.6 r, smooth fall to 0 at 1.3 r: a lesion with a soft border. */
const disc = (d: number): number => (d <= 0.6 ? 1 : d >= 1.3 ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * (d - 0.6)) / 0.7));
const gauss = (d: number): number => Math.exp(-0.5 * (d / 0.6) ** 2);

/** Brown pigment: darker, more so in blue (b* rises), strength 1 takes about 25 L* off. */
export function paintSpot(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 1.4, disc, (r, g, b, w) => [r * (1 - 0.3 * strength * w), g * (1 - 0.42 * strength * w), b * (1 - 0.55 * strength * w)]);
  return { kind: 'spot', at, radius, strength };
}

/** An open pore: a small soft dark dot, strength 1 about 12 L* at its centre. */
export function paintPore(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 2, gauss, (r, g, b, w) => [r * (1 - 0.28 * strength * w), g * (1 - 0.3 * strength * w), b * (1 - 0.3 * strength * w)]);
  return { kind: 'pore', at, radius, strength };
}

/** A blackhead: a plug of dark grey-brown. */
export function paintBlackhead(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 1.4, disc, (r, g, b, w) => {
    const a = strength * w;
    return [r * (1 - a) + 45 * a, g * (1 - a) + 36 * a, b * (1 - a) + 32 * a];
  });
  return { kind: 'blackhead', at, radius, strength };
}

/** An inflamed papule: redder (green and blue fall), slightly darker. */
export function paintPapule(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 1.6, gauss, (r, g, b, w) => [r * (1 - 0.02 * strength * w), g * (1 - 0.32 * strength * w), b * (1 - 0.26 * strength * w)]);
  return { kind: 'papule', at, radius, strength };
}

/** A diffuse red patch (redness, sensitivity). */
export function paintRedness(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 1.5, gauss, (r, g, b, w) => [r * (1 + 0.02 * strength * w), g * (1 - 0.17 * strength * w), b * (1 - 0.12 * strength * w)]);
  return { kind: 'redness', at, radius, strength };
}

/** Specular shine: blended towards the light's near-white colour. */
export function paintShine(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 1.5, disc, (r, g, b, w) => {
    const a = 0.85 * strength * w;
    return [r * (1 - a) + 252 * a, g * (1 - a) + 250 * a, b * (1 - a) + 246 * a];
  });
  return { kind: 'shine', at, radius, strength };
}

/** Porphyrin fluorescence on a UV image: a small orange-red glow. */
export function paintPorphyrin(img: RgbImage, at: Point2, radius: number, strength: number): Painted {
  dab(img, at, radius, 2, gauss, (r, g, b, w) => {
    const a = strength * w;
    return [r * (1 - a) + 230 * a, g * (1 - a) + 90 * a, b * (1 - a) + 40 * a];
  });
  return { kind: 'porphyrin', at, radius, strength };
}

/** A darkened area with a soft edge (dark circle): every pixel within `inside` is scaled. */
export function paintDarkArea(img: RgbImage, polygon: readonly Point2[], strength: number, inside: (p: Point2) => number): Painted {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(img.height - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(img.width - 1, Math.ceil(Math.max(...xs))); x++) {
      const w = inside({ x: x + 0.5, y: y + 0.5 });
      if (w > 0) apply(img, x, y, w, (r, g, b, k) => [r * (1 - 0.3 * strength * k), g * (1 - 0.32 * strength * k), b * (1 - 0.28 * strength * k)]);
    }
  }
  const c = { x: xs.reduce((a, b) => a + b, 0) / xs.length, y: ys.reduce((a, b) => a + b, 0) / ys.length };
  return { kind: 'dark_circle', at: c, radius: 0, strength };
}

/** A wrinkle: a dark line of soft profile along a polyline; strength 1 about 15 L* at its centre. */
export function paintLine(img: RgbImage, path: readonly Point2[], halfWidth: number, strength: number): Painted {
  const xs = path.map((p) => p.x);
  const ys = path.map((p) => p.y);
  const pad = halfWidth * 3;
  for (let y = Math.max(0, Math.floor(Math.min(...ys) - pad)); y <= Math.min(img.height - 1, Math.ceil(Math.max(...ys) + pad)); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs) - pad)); x <= Math.min(img.width - 1, Math.ceil(Math.max(...xs) + pad)); x++) {
      const d = distanceToPath({ x: x + 0.5, y: y + 0.5 }, path);
      const w = Math.exp(-0.5 * (d / halfWidth) ** 2);
      if (w > 0.01) apply(img, x, y, w, (r, g, b, k) => [r * (1 - 0.3 * strength * k), g * (1 - 0.33 * strength * k), b * (1 - 0.33 * strength * k)]);
    }
  }
  let length = 0;
  for (let i = 1; i < path.length; i++) length += Math.hypot((path[i]?.x ?? 0) - (path[i - 1]?.x ?? 0), (path[i]?.y ?? 0) - (path[i - 1]?.y ?? 0));
  return { kind: 'line', at: path[Math.floor(path.length / 2)] ?? { x: 0, y: 0 }, radius: halfWidth, strength, path, length };
}

export { distanceToPath };
