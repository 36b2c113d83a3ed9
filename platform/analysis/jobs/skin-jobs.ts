import { annotationColour } from '../../../protocol/enums/annotation-colours.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { SkinAllRaceResult } from '../../../protocol/skin-api/detection.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Annotation as ResultAnnotation } from '../../../protocol/skin-api/task-result.ts';
import { analyzeFace, type FaceAnalysis } from '../../../vision/face/index.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import { analyseView, decodeShrink, skinAttributes, type SkinAnnotation, type ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import type { RgbImage } from '../../../vision/types.ts';
import { annotationMarks } from '../annotation-marks.ts';
import { annotationBase, renderAnnotation, type AnnotationBase } from '../annotation-render.ts';
import type { JobFile, JobResult, SkinViewJobPayload } from '../job-types.ts';
import { onImage } from './job-errors.ts';
import { requireAnalysable, requireMeasurable } from './quality-gate.ts';

/** What a skin_view job answers: the view's analysis and its annotation entries by dimension. */
export interface SkinViewRecord {
  analysis: ViewSkinAnalysis;
  annotations: Partial<Record<DimensionId, ResultAnnotation>>;
}

// A few overlays at once, so one is blended on this thread while others are rasterised or encoded
// on libuv's threads (sharp runs each at libvips concurrency 1 here); more only queues.
const RENDER_CONCURRENCY = 4;

/** Lights whose finest detail the analysis reads (the resolution estimate, pores, texture, lines): decoded whole. */
const FULL_DETAIL_LIGHTS: readonly LightSource[] = ['white', 'parallel_polar'];

type ViewImages = Partial<Record<LightSource, RgbImage>>;

/** The photo the face is found on: white, else the first. */
function referenceLight(payload: SkinViewJobPayload): LightSource {
  const lights = Object.keys(payload.photos) as LightSource[];
  const light = payload.photos.white ? 'white' : lights[0];
  if (!light) throw new Error(`no image for ${payload.view}`);
  return light;
}

/** The reference photo decoded whole; the face is found on it before the other lights are decoded. */
export async function decodeReference(payload: SkinViewJobPayload): Promise<ViewImages> {
  const light = referenceLight(payload);
  const bytes = payload.photos[light] as Uint8Array;
  return { [light]: await onImage(`${light}_${payload.view}`, () => decodeImage(bytes)) };
}

/**
 * The view's other photos, decoded together (libvips decodes on its own threads). A light the
 * analysis reads only at millimetre scale is shrunk while it decodes, as far as the face keeps the
 * working image's resolution (decodeShrink): a 12 MP JPEG decodes about twice as fast at half
 * size, and its working frame is cut from a quarter of the pixels. A photo that cannot be decoded
 * fails the view with the first such photo in the payload's order, whichever finished first.
 */
export async function decodeOtherLights(payload: SkinViewJobPayload, decoded: ViewImages, face: FaceAnalysis): Promise<ViewImages> {
  const reference = decoded[referenceLight(payload)];
  if (!reference) throw new Error(`no decoded reference image for ${payload.view}`);
  const rest = (Object.entries(payload.photos) as [LightSource, Uint8Array][]).filter(([light]) => !decoded[light]);
  const settled = await Promise.allSettled(
    rest.map(([light, bytes]) =>
      onImage(`${light}_${payload.view}`, () =>
        decodeImage(bytes, FULL_DETAIL_LIGHTS.includes(light) ? {} : { shrink: (width) => decodeShrink(face, reference.width, width) }),
      ),
    ),
  );
  const images: ViewImages = { ...decoded };
  for (const [i, outcome] of settled.entries()) {
    if (outcome.status === 'rejected') throw outcome.reason;
    images[rest[i]![0]] = outcome.value;
  }
  return images;
}

/** Masks travel as row strings of 0 and 1, readable in any JSON tool. */
function jsonAnnotation(annotation: SkinAnnotation): unknown {
  if (annotation.kind !== 'mask') return annotation;
  const rows: string[] = [];
  for (let r = 0; r < annotation.rows; r++) rows.push(Array.from(annotation.cells.subarray(r * annotation.cols, (r + 1) * annotation.cols)).join(''));
  return { kind: 'mask', box: annotation.box, cols: annotation.cols, rows };
}

/**
 * One view of a device_v or online_skin task: the face on the white image (refused when that
 * photo is too dark, blurred or off-pose: quality-gate.ts), every requested dimension, and one
 * annotation file per dimension that located something (an image drawn on the light source the
 * analyser measured, or the findings as JSON), named `file:<name>` so the dispatcher stores it
 * and fills in its address.
 */
export async function skinViewJob(payload: SkinViewJobPayload): Promise<JobResult> {
  const reference = await decodeReference(payload);
  const face = await viewFace(payload, reference);
  const images = await decodeOtherLights(payload, reference, face);
  const analysis = analyseView({ images, face, view: payload.view }, { dimensions: payload.dimensions });
  requireMeasurable(analysis, `white_${payload.view}`);
  const { annotations, files } = await viewAnnotations(payload, images, analysis);
  const record: SkinViewRecord = { analysis, annotations };
  return { record, files };
}

/** The face on the white image, refused when that photo cannot be analysed. */
export async function viewFace(payload: SkinViewJobPayload, images: Partial<Record<LightSource, RgbImage>>): Promise<FaceAnalysis> {
  const reference = images[referenceLight(payload)];
  if (!reference) throw new Error(`no image for ${payload.view}`);
  const face = await onImage(`white_${payload.view}`, () => analyzeFace(reference));
  requireAnalysable(face, payload.view, `white_${payload.view}`);
  return face;
}

/** The annotation entries of a view's analysis and their files (exported apart so bench/ can time this phase). */
export async function viewAnnotations(
  payload: SkinViewJobPayload,
  images: Partial<Record<LightSource, RgbImage>>,
  analysis: ViewSkinAnalysis,
): Promise<{ annotations: SkinViewRecord['annotations']; files: JobFile[] }> {
  // One shrunk base per light, made on first use and shared by that light's dimensions.
  const bases = new Map<LightSource, Promise<AnnotationBase>>();
  const baseFor = (light: LightSource): Promise<AnnotationBase> => {
    let base = bases.get(light);
    const image = images[light] ?? images.white ?? Object.values(images)[0];
    if (!image) throw new Error(`no decoded ${light} image for ${payload.view}`);
    if (!base) bases.set(light, (base = annotationBase(image)));
    return base;
  };
  const annotations: SkinViewRecord['annotations'] = {};
  const work: (() => Promise<JobFile>)[] = [];
  for (const dimension of payload.dimensions) {
    const found = analysis.dimensions[dimension];
    if (!found || found.annotations.length === 0) continue;
    const light = found.lights.find((l) => payload.photos[l]) ?? 'white';
    const image = payload.format === 'annotation_image';
    const name = `${dimension}-${payload.view}-${light}.${image ? 'jpg' : 'json'}`;
    // D-069: the legend's counts and sizes travel with the entry, so no client reads the file for them.
    const marks = annotationMarks(found.features, analysis.sourcePxPerMm);
    annotations[dimension] = { view: payload.view, ...(payload.namesLight ? { light } : {}), format: payload.format, url: `file:${name}`, ...(marks.length > 0 ? { marks } : {}) };
    work.push(async () =>
      image
        ? { name, mime: 'image/jpeg', bytes: await renderAnnotation(await baseFor(light), found.annotations, analysis.imageWidth, annotationColour(dimension)) }
        : {
            name,
            mime: 'application/json',
            bytes: new TextEncoder().encode(JSON.stringify({
              dimension, view: payload.view, light, image: { width: analysis.imageWidth, height: analysis.imageHeight },
              level: found.level, score: found.score, findings: found.features, annotations: found.annotations.map(jsonAnnotation),
            })),
          },
    );
  }
  const files: JobFile[] = [];
  for (let i = 0; i < work.length; i += RENDER_CONCURRENCY) files.push(...(await Promise.all(work.slice(i, i + RENDER_CONCURRENCY).map((run) => run()))));
  return { annotations, files };
}

/** skin_all_race: the front image's face_attributes. */
export async function detectSkin(bytes: Uint8Array): Promise<JobResult> {
  const image = await onImage('pic_url', () => decodeImage(bytes));
  const face = await onImage('pic_url', () => analyzeFace(image));
  requireAnalysable(face, 'front', 'pic_url');
  const view = analyseView({ images: { white: image }, face, view: 'front' });
  requireMeasurable(view, 'pic_url');
  const record: SkinAllRaceResult = skinAttributes(view);
  return { record, files: [] };
}
