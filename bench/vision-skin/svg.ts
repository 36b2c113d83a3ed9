// SVG overlays for reviewing regions and findings by eye (render.ts).
import type { Point2 } from '../../vision/types.ts';

const COLOURS = ['#ff4040', '#40ff40', '#4080ff', '#ffff40', '#ff40ff', '#40ffff', '#ff9040', '#a0a0ff', '#ffffff'];

export function colour(k: number): string {
  return COLOURS[k % COLOURS.length] ?? '#ffffff';
}

export function polygonSvg(points: readonly Point2[], stroke: string, label?: string, width = 1.5): string {
  if (points.length === 0) return '';
  const d = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const c = points.reduce((a, p) => ({ x: a.x + p.x / points.length, y: a.y + p.y / points.length }), { x: 0, y: 0 });
  const text = label ? `<text x="${c.x.toFixed(1)}" y="${c.y.toFixed(1)}" font-size="14" fill="${stroke}">${label}</text>` : '';
  return `<polygon points="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"/>${text}`;
}

export function pathSvg(points: readonly Point2[], stroke: string, width = 2): string {
  const d = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return `<polyline points="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`;
}

export function circleSvg(p: Point2, r: number, stroke: string): string {
  return `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${Math.max(2, r).toFixed(1)}" fill="none" stroke="${stroke}" stroke-width="1.5"/>`;
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
}
