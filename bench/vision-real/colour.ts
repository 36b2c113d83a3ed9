// Per-pixel sRGB <-> CIE L*a*b* (D65) for the painters and the tone shift, which change skin the
// way it is described (L*, a*, b* units, ITA degrees) rather than in camera code values.

const EPS = 216 / 24389;
const KAPPA = 24389 / 27;
const WHITE = [0.95047, 1, 1.08883] as const;

export function toLinear(v255: number): number {
  const c = v255 / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function fromLinear(v: number): number {
  const c = v <= 0.0031308 ? 12.92 * v : 1.055 * Math.max(0, v) ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, c * 255));
}

const f = (t: number): number => (t > EPS ? Math.cbrt(t) : (KAPPA * t + 16) / 116);
const fInv = (t: number): number => (t ** 3 > EPS ? t ** 3 : (116 * t - 16) / KAPPA);

export function linearToLab(r: number, g: number, b: number): [number, number, number] {
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / WHITE[0]);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / WHITE[2]);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  return linearToLab(toLinear(r), toLinear(g), toLinear(b));
}

export function labToRgb(L: number, a: number, bb: number): [number, number, number] {
  const fy = (L + 16) / 116;
  const x = WHITE[0] * fInv(fy + a / 500);
  const y = fInv(fy);
  const z = WHITE[2] * fInv(fy - bb / 200);
  return [
    fromLinear(3.2406 * x - 1.5372 * y - 0.4986 * z),
    fromLinear(-0.9689 * x + 1.8758 * y + 0.0415 * z),
    fromLinear(0.0557 * x - 0.204 * y + 1.057 * z),
  ];
}

/** Individual Typology Angle, degrees: atan((L* - 50) / b*). */
export function ita(L: number, b: number): number {
  return (Math.atan2(L - 50, b) * 180) / Math.PI;
}
