import sharp from 'sharp';
import type { Point2 } from '../../vision/types.ts';
import type { SkinAnnotation } from '../../vision/skin/index.ts';

/** decision: annotation images are JPEGs at most 1280 px on their long side (quality 85). */
export const ANNOTATION_MAX_SIDE = 1280;

/** A photo decoded once and shrunk to annotation size, to draw several dimensions on. */
export interface AnnotationBase {
  readonly raw: Buffer;
  readonly width: number;
  readonly height: number;
}

export async function annotationBase(photo: Uint8Array): Promise<AnnotationBase> {
  const { data, info } = await sharp(photo, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(ANNOTATION_MAX_SIDE, ANNOTATION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { raw: data, width: info.width, height: info.height };
}

function polyline(points: readonly Point2[], scale: number): string {
  return points.map((p) => `${(p.x * scale).toFixed(1)},${(p.y * scale).toFixed(1)}`).join(' ');
}

/** SVG elements for a dimension's findings; `scale` maps analysis pixels to the base image. */
export function annotationSvg(annotations: readonly SkinAnnotation[], scale: number, color: string): string {
  const stroke = 2;
  const parts: string[] = [];
  for (const annotation of annotations) {
    switch (annotation.kind) {
      case 'points':
        annotation.points.forEach((p, i) => {
          const r = Math.max(3, (annotation.radii?.[i] ?? 3) * scale * 1.5);
          parts.push(`<circle cx="${(p.x * scale).toFixed(1)}" cy="${(p.y * scale).toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="${color}" stroke-width="${stroke}"/>`);
        });
        break;
      case 'path':
        for (const path of annotation.paths) parts.push(`<polyline points="${polyline(path, scale)}" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/>`);
        break;
      case 'polygon':
        for (const polygon of annotation.polygons) parts.push(`<polygon points="${polyline(polygon, scale)}" fill="${color}" fill-opacity="0.2" stroke="${color}" stroke-width="${stroke}"/>`);
        break;
      case 'mask': {
        const cw = (annotation.box.width / annotation.cols) * scale;
        const ch = (annotation.box.height / annotation.rows) * scale;
        const cells: string[] = [];
        for (let r = 0; r < annotation.rows; r++) {
          for (let c = 0; c < annotation.cols; c++) {
            if (!annotation.cells[r * annotation.cols + c]) continue;
            const x = annotation.box.left * scale + c * cw;
            const y = annotation.box.top * scale + r * ch;
            cells.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${cw.toFixed(1)}" height="${ch.toFixed(1)}"/>`);
          }
        }
        if (cells.length > 0) parts.push(`<g fill="${color}" fill-opacity="0.35">${cells.join('')}</g>`);
        break;
      }
      default:
        return missingCase(annotation);
    }
  }
  return parts.join('');
}

/** The base image with one dimension's findings drawn on it, as a JPEG. */
export async function renderAnnotation(base: AnnotationBase, annotations: readonly SkinAnnotation[], analysisWidth: number, color: string): Promise<Uint8Array> {
  const scale = base.width / analysisWidth;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${base.width}" height="${base.height}">${annotationSvg(annotations, scale, color)}</svg>`;
  const out = await sharp(base.raw, { raw: { width: base.width, height: base.height, channels: 3 } })
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(out);
}

function missingCase(value: never): never {
  throw new Error(`unhandled annotation ${JSON.stringify(value)}`);
}
