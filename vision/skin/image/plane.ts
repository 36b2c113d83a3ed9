/**
 * A single-channel float image. Every measurement works on planes of the working image (a face
 * crop at a known pixels-per-millimetre), so the filters below are plain loops over typed arrays.
 */
export interface Plane {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

/**
 * A 0/1 mask over a plane's pixels. `bounds`, when present, holds every set pixel (it may be
 * loose): loops over a region's pixels visit that rectangle, not the whole working image.
 */
export interface Mask {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly bounds?: Rect;
}

/** The rectangle to scan for a mask's set pixels. */
export function scanRect(m: Mask): Rect {
  return m.bounds ?? { x0: 0, y0: 0, x1: m.width, y1: m.height };
}

/** An integer pixel rectangle, right and bottom exclusive. */
export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export function newPlane(width: number, height: number): Plane {
  return { width, height, data: new Float32Array(width * height) };
}

export function newMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height) };
}

/** a - b, element-wise. */
export function subtract(a: Plane, b: Plane): Plane {
  const out = newPlane(a.width, a.height);
  const x = a.data;
  const y = b.data;
  const d = out.data;
  for (let i = 0; i < d.length; i++) d[i] = (x[i] ?? 0) - (y[i] ?? 0);
  return out;
}

/** 2x2 mean: the coarse pyramid level, where millimetre-sized features are measured. */
export function halve(a: Plane): Plane {
  const w = a.width >> 1;
  const h = a.height >> 1;
  const out = newPlane(w, h);
  const s = a.data;
  const d = out.data;
  const W = a.width;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * W;
    const r1 = r0 + W;
    for (let x = 0; x < w; x++) {
      const c = 2 * x;
      d[y * w + x] = 0.25 * ((s[r0 + c] ?? 0) + (s[r0 + c + 1] ?? 0) + (s[r1 + c] ?? 0) + (s[r1 + c + 1] ?? 0));
    }
  }
  return out;
}

export function maskCount(m: Mask): number {
  const r = scanRect(m);
  let n = 0;
  for (let y = r.y0; y < r.y1; y++) for (let i = y * m.width + r.x0; i < y * m.width + r.x1; i++) n += m.data[i] as number;
  return n;
}

/** Bounding rectangle of a mask's set pixels, grown by `pad` and clipped; null when empty. */
export function maskBounds(m: Mask, pad = 0): Rect | null {
  let x0 = m.width;
  let y0 = m.height;
  let x1 = -1;
  let y1 = -1;
  const r = scanRect(m);
  for (let y = r.y0; y < r.y1; y++) {
    const row = y * m.width;
    for (let x = r.x0; x < r.x1; x++) {
      if (!m.data[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  return { x0: Math.max(0, x0 - pad), y0: Math.max(0, y0 - pad), x1: Math.min(m.width, x1 + 1 + pad), y1: Math.min(m.height, y1 + 1 + pad) };
}

/** Bilinear sample with clamped borders. */
export function sample(p: Plane, x: number, y: number): number {
  const fx = Math.min(p.width - 1.001, Math.max(0, x));
  const fy = Math.min(p.height - 1.001, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const i = y0 * p.width + x0;
  const d = p.data;
  const top = (d[i] ?? 0) * (1 - ax) + (d[i + 1] ?? 0) * ax;
  const bottom = (d[i + p.width] ?? 0) * (1 - ax) + (d[i + p.width + 1] ?? 0) * ax;
  return top * (1 - ay) + bottom * ay;
}

/** Erosion by a (2r+1)-square, separable: keeps line and blob detectors off the edges of excluded parts. */
export function erode(m: Mask, r: number): Mask {
  if (r <= 0) return m;
  const b = maskBounds(m);
  if (!b) return newMask(m.width, m.height);
  const out: Mask = { width: m.width, height: m.height, data: new Uint8Array(m.data.length), bounds: b };
  const W = m.width;
  const tmp = new Uint8Array(m.data.length);
  const run = new Int32Array(Math.max(m.width, m.height));
  // A pixel survives when the runs of set pixels reaching it from both sides are longer than r.
  for (let y = b.y0; y < b.y1; y++) {
    let n = 0;
    for (let x = b.x0; x < b.x1; x++) run[x] = n = m.data[y * W + x] ? n + 1 : 0;
    n = 0;
    for (let x = b.x1 - 1; x >= b.x0; x--) {
      n = m.data[y * W + x] ? n + 1 : 0;
      tmp[y * W + x] = (run[x] as number) > r && n > r ? 1 : 0;
    }
  }
  for (let x = b.x0; x < b.x1; x++) {
    let n = 0;
    for (let y = b.y0; y < b.y1; y++) run[y] = n = tmp[y * W + x] ? n + 1 : 0;
    n = 0;
    for (let y = b.y1 - 1; y >= b.y0; y--) {
      n = tmp[y * W + x] ? n + 1 : 0;
      out.data[y * W + x] = (run[y] as number) > r && n > r ? 1 : 0;
    }
  }
  return out;
}

/** Binary dilation by a (2r+1) square, separable, within the mask's bounds grown by r. */
export function dilate(m: Mask, r: number): Mask {
  const { width: W, height: H } = m;
  const out = new Uint8Array(W * H);
  const b = maskBounds(m, r);
  if (!b) return { width: W, height: H, data: out };
  const tmp = new Uint8Array(W * H);
  for (let y = b.y0; y < b.y1; y++) {
    let last = -Infinity;
    for (let x = b.x0; x < b.x1; x++) {
      if (m.data[y * W + x]) last = x;
      if (x - last <= r) tmp[y * W + x] = 1;
    }
    last = Infinity;
    for (let x = b.x1 - 1; x >= b.x0; x--) {
      if (m.data[y * W + x]) last = x;
      if (last - x <= r) tmp[y * W + x] = 1;
    }
  }
  for (let x = b.x0; x < b.x1; x++) {
    let last = -Infinity;
    for (let y = b.y0; y < b.y1; y++) {
      if (tmp[y * W + x]) last = y;
      if (y - last <= r) out[y * W + x] = 1;
    }
    last = Infinity;
    for (let y = b.y1 - 1; y >= b.y0; y--) {
      if (tmp[y * W + x]) last = y;
      if (last - y <= r) out[y * W + x] = 1;
    }
  }
  return { width: W, height: H, data: out, bounds: b };
}
