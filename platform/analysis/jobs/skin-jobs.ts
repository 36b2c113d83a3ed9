import { annotationColour } from '../../../protocol/enums/annotation-colours.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { SkinAllRaceResult } from '../../../protocol/skin-api/detection.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Annotation as ResultAnnotation } from '../../../protocol/skin-api/task-result.ts';
import { LANDMARK_WIDTH_PER_DETECTION, analyzeDetection, analyzeFace, largestFace, type DetectedFace, type FaceAnalysis } from '../../../vision/face/index.ts';
import { decodeImage, type DecodedImage, type DecodeOptions } from '../../../vision/image/decode.ts';
import { ANALYSERS, analyseView, decodeShrink, decodeShrinkForWidth, skinAttributes, threadCropHelper, type SkinAnnotation, type ViewSkinAnalysis } from '../../../vision/skin/index.ts';
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

/** A view's photos decoded, and the face on its reference photo. */
export interface DecodedView {
  readonly images: ViewImages;
  readonly face: FaceAnalysis;
}

/** The face's width (its landmarks' box) guessed from the detector's box, before the landmarks are in. */
export type FaceWidthGuess = (detection: DetectedFace) => number;

const guessFromDetection: FaceWidthGuess = (detection) => detection.box.width * LANDMARK_WIDTH_PER_DETECTION;

/**
 * The view's photos decoded and the face found on the reference photo (white, else the first),
 * overlapped: FaceMesh runs on this thread while libvips decodes on libuv's, so the other photos
 * decode while the landmarks are found instead of after them (issue 12: a five-light 12 MP view
 * within 1.5 s). The lights the analysis reads at full detail start with the reference. A light
 * read only at millimetre scale is shrunk while it decodes, as far as the face keeps the working
 * image's resolution (decodeShrink: a 12 MP JPEG decodes about twice as fast at half size); it
 * starts once the detector has found the face, with a factor from the detector's box, and is
 * decoded again in the rare case the landmarks then call for another factor (a face near a power
 * of two), so the images are always those of the landmarks' factor. Failures come in the order of
 * decoding one after the other: the reference photo, its face, then the first undecodable other
 * photo in the payload's order, whichever finished first.
 */
export async function decodeView(payload: SkinViewJobPayload, guessWidth: FaceWidthGuess = guessFromDetection): Promise<DecodedView> {
  const refLight = referenceLight(payload);
  const decode = (light: LightSource, bytes: Uint8Array, options: DecodeOptions = {}): Promise<DecodedImage> =>
    onImage(`${light}_${payload.view}`, () => decodeImage(bytes, options));
  const others = (Object.entries(payload.photos) as [LightSource, Uint8Array][]).filter(([light]) => light !== refLight);
  const pending = new Map<LightSource, Promise<Settled<DecodedImage>>>();
  for (const [light, bytes] of others) if (FULL_DETAIL_LIGHTS.includes(light)) pending.set(light, settle(decode(light, bytes)));

  const reference = await decode(refLight, payload.photos[refLight] as Uint8Array);
  const faceKey = `white_${payload.view}`;
  const detection = await onImage(faceKey, () => largestFace(reference));
  const guessed = guessWidth(detection);
  const shrinkBy = (width: number, faceWidth: number): number => decodeShrinkForWidth(faceWidth, reference.width, width);
  for (const [light, bytes] of others) if (!pending.has(light)) pending.set(light, settle(decode(light, bytes, { shrink: (width) => shrinkBy(width, guessed) })));

  const face = await onImage(faceKey, () => analyzeDetection(reference, detection));
  requireAnalysable(face, payload.view, faceKey);
  const images: ViewImages = { [refLight]: reference };
  for (const [light, bytes] of others) {
    const outcome = await (pending.get(light) as Promise<Settled<DecodedImage>>);
    if (!outcome.ok) throw outcome.error;
    const image = outcome.value;
    const wanted = FULL_DETAIL_LIGHTS.includes(light) ? 1 : decodeShrink(face, reference.width, image.sourceWidth);
    const used = FULL_DETAIL_LIGHTS.includes(light) ? 1 : shrinkBy(image.sourceWidth, guessed);
    images[light] = wanted === used ? image : await decode(light, bytes, { shrink: () => wanted });
  }
  return { images, face };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects, so a decode still running when the job fails is no unhandled rejection. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
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
  const { images, face } = await decodeView(payload);
  const bases = annotationBases(payload, images);
  // The other lights' crops are made on the second core while this thread builds the reference's.
  const analysis = analyseView({ images, face, view: payload.view }, { dimensions: payload.dimensions, cropSharing: threadCropHelper() });
  requireMeasurable(analysis, `white_${payload.view}`);
  const { annotations, files } = await viewAnnotations(payload, analysis, bases);
  const record: SkinViewRecord = { analysis, annotations };
  return { record, files };
}

/** The shrunk photo each annotation image is drawn on, per light: made once, shared by that light's dimensions. */
export type AnnotationBases = (light: LightSource) => Promise<AnnotationBase>;

/**
 * The annotation bases of a view. For annotation images the base of every light a requested
 * dimension would be measured on (the first of its analyser's lights the view has, as the
 * analysis picks it) is started at once, so libvips shrinks them on libuv's threads while
 * analyseView runs on this thread; the light each dimension is drawn on is known only after it,
 * and any other is made when first asked. A light without a photo is drawn on white, else the first.
 */
export function annotationBases(payload: SkinViewJobPayload, images: ViewImages): AnnotationBases {
  const bases = new Map<LightSource, Promise<AnnotationBase>>();
  const baseFor = (light: LightSource): Promise<AnnotationBase> => {
    let base = bases.get(light);
    if (base) return base;
    const image = images[light] ?? images.white ?? Object.values(images)[0];
    if (!image) throw new Error(`no decoded ${light} image for ${payload.view}`);
    bases.set(light, (base = annotationBase(image)));
    // Awaited only if a dimension is drawn on it: a failure must not be an unhandled rejection meanwhile.
    base.catch(() => undefined);
    return base;
  };
  if (payload.format === 'annotation_image') {
    for (const dimension of payload.dimensions) {
      const light = ANALYSERS[dimension].lights.find((l) => images[l]);
      if (light) baseFor(light);
    }
  }
  return baseFor;
}

/** The annotation entries of a view's analysis and their files (exported apart so bench/ can time this phase). */
export async function viewAnnotations(
  payload: SkinViewJobPayload,
  analysis: ViewSkinAnalysis,
  baseFor: AnnotationBases,
): Promise<{ annotations: SkinViewRecord['annotations']; files: JobFile[] }> {
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
