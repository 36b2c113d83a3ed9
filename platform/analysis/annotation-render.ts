import sharp from 'sharp';
import type { Box, Point2, RgbImage } from '../../vision/types.ts';
import type { SkinAnnotation } from '../../vision/skin/index.ts';
import { missingCase } from '../../common/missing-case.ts';

/**
 * Annotation images are JPEGs at most this long on their long side (decision D-034 in
 * docs/decisions.md): the kiosk and report pages show them on screens of 1920 px at most, and the
 * drawing cost grows with the area.
 */
export const ANNOTATION_MAX_SIDE = 1280;
// Quality 80 without Huffman optimisation: the second coding pass doubled the encode time for
// about 10 % fewer bytes; the default 4:2:0 chroma keeps the encoder on its fast path.
const JPEG = { quality: 80, optimiseCoding: false, mozjpeg: false } as const;
const STROKE = 2;
// How far a mark can reach beyond its geometry: half the stroke plus antialiasing, with room to spare.
const MARGIN = STROKE + 2;

/** A light's image shrunk once to annotation size; every dimension drawn on that light shares it. */
export interface AnnotationBase {
  readonly raw: Buffer;
  readonly width: number;
  readonly height: number;
}

/**
 * From the image the job already decoded (upright, in the analysis' pixels), so the photo is not
 * decoded a second time: resizing the raw pixels costs about 40 % of decoding the 12 MP JPEG again.
 */
export async function annotationBase(image: RgbImage): Promise<AnnotationBase> {
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const { data, info } = await sharp(pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(ANNOTATION_MAX_SIDE, ANNOTATION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { raw: data, width: info.width, height: info.height };
}

function polyline(points: readonly Point2[], scale: number): string {
  return points.map((p) => `${(p.x * scale).toFixed(1)},${(p.y * scale).toFixed(1)}`).join(' ');
}

/** SVG elements for a dimension's findings; `scale` maps analysis pixels to the base image. */
export function annotationSvg(annotations: readonly SkinAnnotation[], scale: number, color: string): string {
  const stroke = STROKE;
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
        return missingCase(annotation, 'annotation');
    }
  }
  return parts.join('');
}

/** The base-image rectangle a dimension's marks can touch (`scale` as annotationSvg), or null. */
export function annotationBounds(annotations: readonly SkinAnnotation[], scale: number, width: number, height: number): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = (x: number, y: number, reach: number): void => {
    x0 = Math.min(x0, x - reach);
    y0 = Math.min(y0, y - reach);
    x1 = Math.max(x1, x + reach);
    y1 = Math.max(y1, y + reach);
  };
  for (const annotation of annotations) {
    switch (annotation.kind) {
      case 'points':
        annotation.points.forEach((p, i) => add(p.x * scale, p.y * scale, Math.max(3, (annotation.radii?.[i] ?? 3) * scale * 1.5)));
        break;
      case 'path':
        for (const path of annotation.paths) for (const p of path) add(p.x * scale, p.y * scale, 0);
        break;
      case 'polygon':
        for (const polygon of annotation.polygons) for (const p of polygon) add(p.x * scale, p.y * scale, 0);
        break;
      case 'mask':
        add(annotation.box.left * scale, annotation.box.top * scale, 0);
        add((annotation.box.left + annotation.box.width) * scale, (annotation.box.top + annotation.box.height) * scale, 0);
        break;
      default:
        return missingCase(annotation, 'annotation');
    }
  }
  const left = Math.max(0, Math.floor(x0 - MARGIN));
  const top = Math.max(0, Math.floor(y0 - MARGIN));
  const right = Math.min(width, Math.ceil(x1 + MARGIN));
  const bottom = Math.min(height, Math.ceil(y1 + MARGIN));
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}

/**
 * The base image with one dimension's findings drawn on it, as a JPEG of the base's size.
 * `analysisWidth` is the width of the image the annotations' pixel coordinates refer to.
 * Only the rectangle the marks touch is rasterised (librsvg) and blended here: libvips' composite
 * worked over the whole image in floating point, which was most of the drawing time.
 */
export async function renderAnnotation(base: AnnotationBase, annotations: readonly SkinAnnotation[], analysisWidth: number, color: string): Promise<Uint8Array> {
  const scale = base.width / analysisWidth;
  const out = Buffer.from(base.raw);
  const box = annotationBounds(annotations, scale, base.width, base.height);
  if (box) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="${box.left} ${box.top} ${box.width} ${box.height}">${annotationSvg(annotations, scale, color)}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.width !== box.width || info.height !== box.height || info.channels !== 4) throw new Error(`annotation raster ${info.width}x${info.height}x${info.channels}, expected ${box.width}x${box.height}x4`);
    blendOver(out, base.width, data, box);
  }
  const jpeg = await sharp(out, { raw: { width: base.width, height: base.height, channels: 3 } }).jpeg(JPEG).toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

/** Straight-alpha RGBA `over` RGB in place; librsvg's raster through sharp is not premultiplied. */
function blendOver(rgb: Buffer, rgbWidth: number, rgba: Buffer, box: Box): void {
  for (let y = 0; y < box.height; y++) {
    let src = y * box.width * 4;
    let dst = ((box.top + y) * rgbWidth + box.left) * 3;
    for (let x = 0; x < box.width; x++, src += 4, dst += 3) {
      const a = rgba[src + 3]!;
      if (a === 0) continue;
      const k = 255 - a;
      rgb[dst] = (rgba[src]! * a + rgb[dst]! * k + 127) / 255;
      rgb[dst + 1] = (rgba[src + 1]! * a + rgb[dst + 1]! * k + 127) / 255;
      rgb[dst + 2] = (rgba[src + 2]! * a + rgb[dst + 2]! * k + 127) / 255;
    }
  }
}
