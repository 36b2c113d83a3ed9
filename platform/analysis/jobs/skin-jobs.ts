import { DIMENSION_IDS, type DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { SkinAllRaceResult } from '../../../protocol/skin-api/detection.ts';
import { VIEWS, type LightSource, type View } from '../../../protocol/skin-api/api-codes.ts';
import type { DimensionResult, SkinResult } from '../../../protocol/skin-api/task-result.ts';
import { analyzeFace } from '../../../vision/face/index.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import { analyseView, combineViews, skinAttributes, type ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import type { RgbImage } from '../../../vision/types.ts';
import { annotationBase, renderAnnotation, type AnnotationBase } from '../annotation-render.ts';
import type { JobFile, JobResult, TaskJobPayload } from '../job-types.ts';
import { onImage } from './job-errors.ts';

/** One view of a task: its encoded photo per light source. */
interface ViewPhotos {
  view: View;
  photos: Partial<Record<LightSource, Uint8Array>>;
}

/** device_v keys are `${light}_${view}_image`; the other pairs' images are white-light views. */
function viewsOf(payload: TaskJobPayload): ViewPhotos[] {
  const views: ViewPhotos[] = [];
  for (const view of VIEWS) {
    const photos: Partial<Record<LightSource, Uint8Array>> = {};
    for (const image of payload.images) {
      if (payload.api_code === 'device_v') {
        const match = /^(white_glow|white|cross_polar|parallel_polar|uv)_(front|left|right)_image$/.exec(image.key);
        if (match && match[2] === view) photos[match[1] as LightSource] = image.bytes;
      } else if (image.key === `${view}_image`) {
        photos.white = image.bytes;
      }
    }
    if (Object.keys(photos).length > 0) views.push({ view, photos });
  }
  return views;
}

async function decodeView(photos: ViewPhotos): Promise<Partial<Record<LightSource, RgbImage>>> {
  const images: Partial<Record<LightSource, RgbImage>> = {};
  for (const [light, bytes] of Object.entries(photos.photos) as [LightSource, Uint8Array][]) {
    images[light] = await onImage(`${light}_${photos.view}`, () => decodeImage(bytes));
  }
  return images;
}

/** Analyses one view: the face on the white image, then every requested dimension. */
async function analyseOneView(photos: ViewPhotos, dimensions: readonly DimensionId[]): Promise<ViewSkinAnalysis> {
  const images = await decodeView(photos);
  const reference = images.white ?? Object.values(images)[0];
  if (!reference) throw new Error(`no image for ${photos.view}`);
  const face = await onImage(`white_${photos.view}`, () => analyzeFace(reference));
  return analyseView({ images, face, view: photos.view }, { dimensions });
}

/** Distinct, readable colours per dimension for the annotation overlays. */
function colourOf(dimension: DimensionId): string {
  const hue = (DIMENSION_IDS.indexOf(dimension) * 47) % 360;
  return `hsl(${hue}, 90%, 55%)`;
}

/**
 * device_v and online_skin: per view analysis, views combined per dimension, and one annotation
 * file per dimension and view (an image drawn on the light source the analyser measured, or the
 * findings as JSON), named `file:<name>` so the dispatcher can store them and fill in addresses.
 */
export async function skinTask(payload: TaskJobPayload): Promise<JobResult> {
  const dimensions = payload.dimension_codes.length > 0 ? payload.dimension_codes : DIMENSION_IDS;
  const format = payload.mask_format ?? 'annotation_image';
  const views = viewsOf(payload);
  const analysed: ViewSkinAnalysis[] = [];
  const files: JobFile[] = [];
  const annotations = new Map<DimensionId, DimensionResult['annotations']>();
  for (const photos of views) {
    const view = await analyseOneView(photos, dimensions);
    analysed.push(view);
    const bases = new Map<LightSource, AnnotationBase>();
    for (const dimension of dimensions) {
      const found = view.dimensions[dimension];
      if (!found) continue;
      const light = found.lights.find((l) => photos.photos[l]) ?? 'white';
      const name = `${dimension}-${view.view}-${light}.${format === 'annotation_image' ? 'jpg' : 'json'}`;
      if (format === 'annotation_image') {
        let base = bases.get(light);
        if (!base) {
          base = await annotationBase(photos.photos[light] ?? photos.photos.white!);
          bases.set(light, base);
        }
        files.push({ name, mime: 'image/jpeg', bytes: await renderAnnotation(base, found.annotations, view.imageWidth, colourOf(dimension)) });
      } else {
        const document = { dimension, view: view.view, light, image: { width: view.imageWidth, height: view.imageHeight }, level: found.level, score: found.score, findings: found.features, annotations: found.annotations.map(jsonAnnotation) };
        files.push({ name, mime: 'application/json', bytes: new TextEncoder().encode(JSON.stringify(document)) });
      }
      const list = annotations.get(dimension) ?? [];
      list.push({ view: view.view, ...(payload.api_code === 'device_v' ? { light } : {}), format, url: `file:${name}` });
      annotations.set(dimension, list);
    }
  }
  const combined = combineViews(analysed);
  const results: DimensionResult[] = [];
  for (const dimension of dimensions) {
    const found = combined.dimensions[dimension];
    if (!found) continue;
    results.push({ dimension, level: found.level, score: found.score, confidence: found.confidence, annotations: annotations.get(dimension) ?? [] });
  }
  const overall = results.length > 0 ? results.reduce((sum, r) => sum + r.score, 0) / results.length : 0;
  const record: SkinResult = { type: 'skin', dimensions: results, overall_score: Math.round(overall * 10) / 10, mask_format: format };
  return { record, files };
}

/** Masks travel as row strings of 0 and 1, readable in any JSON tool. */
function jsonAnnotation(annotation: ViewSkinAnalysis['dimensions'][DimensionId] extends infer D ? (D extends { annotations: readonly (infer A)[] } ? A : never) : never): unknown {
  if (annotation.kind !== 'mask') return annotation;
  const rows: string[] = [];
  for (let r = 0; r < annotation.rows; r++) rows.push(Array.from(annotation.cells.subarray(r * annotation.cols, (r + 1) * annotation.cols)).join(''));
  return { kind: 'mask', box: annotation.box, cols: annotation.cols, rows };
}

/** skin_all_race: the front image's face_attributes. */
export async function detectSkin(bytes: Uint8Array): Promise<JobResult> {
  const image = await onImage('pic_url', () => decodeImage(bytes));
  const face = await onImage('pic_url', () => analyzeFace(image));
  const view = analyseView({ images: { white: image }, face, view: 'front' });
  const record: SkinAllRaceResult = skinAttributes(view);
  return { record, files: [] };
}
