/**
 * The full path for one still image (capture checks, the detection endpoints): detect, take the
 * largest face, landmarks, then every per-face measure. `describeFace` is the shared second half,
 * also used by the tracker on frames where the detector is skipped.
 */
import type { Box, FaceGeometry, RgbImage } from '../types.ts';
import { headTranslation } from './attributes.ts';
import type { HeadTranslation } from './attributes.ts';
import { detectFaces } from './detector.ts';
import type { DetectOptions } from './detector.ts';
import { NoFaceError } from './errors.ts';
import { eyeStates } from './eyes.ts';
import type { EyesState } from './eyes.ts';
import { glassesProbabilities } from './glasses.ts';
import type { GlassesProbabilities } from './glasses.ts';
import { estimateIris } from './iris.ts';
import type { IrisResult } from './iris.ts';
import { estimateLandmarks } from './mesh.ts';
import type { MeshResult } from './mesh.ts';
import { facePatch } from './patch.ts';
import { fitHeadPose } from './pose.ts';
import type { PoseFit } from './pose.ts';
import { faceQuality } from './quality.ts';
import type { FaceQuality } from './quality.ts';
import { landmarkBox, regionFromDetection } from './region.ts';
import { estimateStableLandmarks } from './stable.ts';
import type { DetectedFace, FaceRegion, HeadPose } from './types.ts';
import { regionVisibility } from './visibility.ts';
import type { Visibility } from './visibility.ts';

export interface AnalyzeOptions extends DetectOptions {
  /** FaceMesh face-presence probability below which the crop is not a face. Default 0.5. */
  readonly minFaceScore?: number;
  /** Camera field of view for the translation estimate. Default 60 degrees. */
  readonly horizontalFovDegrees?: number;
  /**
   * Eyelid points for the eye state: 'iris' runs the Iris model (about 7 ms more, much better at
   * closed eyes), 'mesh' uses FaceMesh's. Default 'iris' for analyzeFace, 'mesh' for the tracker.
   */
  readonly eyeModel?: 'iris' | 'mesh';
  /**
   * Landmarks averaged over several FaceMesh runs on crops around the face (stable.ts): a still's
   * landmarks then move about a third as much under a re-take or a re-save, for about six more
   * runs. Default true for analyzeFace, false for the tracker (preview frames keep one run).
   */
  readonly stableLandmarks?: boolean;
}

/** Everything the pipeline knows about one face; a FaceGeometry for the skin analysers. */
export interface FaceAnalysis extends FaceGeometry {
  readonly imageWidth: number;
  readonly imageHeight: number;
  /** FaceGeometry.box: the detector's box (on tracking frames, carried over from the last detection by the landmarks' motion). */
  readonly box: Box;
  /** Tight box around the 468 landmarks (forehead to chin, ear to ear), not clipped to the image. */
  readonly landmarkBox: Box;
  readonly pose: HeadPose;
  /** Score of the detection this face comes from (the last detection on tracking frames). */
  readonly detectionScore: number;
  /** FaceMesh face-presence probability of this frame's crop. */
  readonly faceScore: number;
  /** The upright square FaceMesh read. */
  readonly region: FaceRegion;
  readonly fit: PoseFit;
  readonly eyes: EyesState;
  readonly glasses: GlassesProbabilities;
  readonly quality: FaceQuality;
  readonly visibility: Visibility;
  /** Landmark box width over image width. */
  readonly faceRatio: number;
  /** Share of the landmark box's area outside the image (0 = fully inside). */
  readonly outOfBounds: number;
  readonly translation: HeadTranslation;
}

/**
 * Analyses the largest face of the image (by detector box area: at a kiosk the customer is the
 * nearest face). Throws NoFaceError when there is none or FaceMesh rejects it.
 */
export async function analyzeFace(image: RgbImage, options: AnalyzeOptions = {}): Promise<FaceAnalysis> {
  return analyzeDetection(image, await largestFace(image, options), options);
}

/**
 * The first half of analyzeFace: the largest detection, or NoFaceError. Exported so a caller can
 * start work that needs only the face's rough size (decoding a view's other photos) before the
 * landmarks are in.
 */
export async function largestFace(image: RgbImage, options: DetectOptions = {}): Promise<DetectedFace> {
  const largest = (await detectFaces(image, options))[0];
  if (!largest) throw new NoFaceError();
  return largest;
}

/** Landmarks and measures for one detection (full path, second half). */
export async function analyzeDetection(image: RgbImage, detection: DetectedFace, options: AnalyzeOptions = {}): Promise<FaceAnalysis> {
  const region = regionFromDetection(detection);
  const mesh = (options.stableLandmarks ?? true)
    ? await estimateStableLandmarks(image, region, { models: options.models, minFaceScore: options.minFaceScore })
    : await estimateLandmarks(image, region, options.models);
  if (mesh.faceScore < (options.minFaceScore ?? 0.5)) throw new NoFaceError(`landmark model rejected the face (score ${mesh.faceScore.toFixed(2)})`);
  const iris = (options.eyeModel ?? 'iris') === 'iris' ? await estimateIris(image, mesh.landmarks, options.models) : undefined;
  return describeFace(image, mesh, detection.box, detection.score, options, iris);
}

/** Every per-face measure from a FaceMesh (and optionally Iris) result; synchronous, a few milliseconds. */
export function describeFace(image: RgbImage, mesh: MeshResult, box: Box, detectionScore: number, options: AnalyzeOptions = {}, iris?: IrisResult): FaceAnalysis {
  const { landmarks } = mesh;
  const lmBox = landmarkBox(landmarks);
  const fit = fitHeadPose(landmarks);
  const patch = facePatch(image, landmarks);
  return {
    imageWidth: image.width,
    imageHeight: image.height,
    box,
    landmarkBox: lmBox,
    landmarks,
    pose: fit.pose,
    detectionScore,
    faceScore: mesh.faceScore,
    region: mesh.region,
    fit,
    eyes: eyeStates(landmarks, iris),
    glasses: glassesProbabilities(patch),
    quality: faceQuality(image, patch, clipBox(lmBox, image)),
    visibility: regionVisibility(image, landmarks, fit.rotation),
    faceRatio: lmBox.width / image.width,
    outOfBounds: outsideShare(lmBox, image),
    translation: headTranslation(image, fit, options.horizontalFovDegrees),
  };
}

/** The box clipped to the image (may be empty). */
export function clipBox(box: Box, image: Pick<RgbImage, 'width' | 'height'>): Box {
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(image.width, box.left + box.width);
  const bottom = Math.min(image.height, box.top + box.height);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

function outsideShare(box: Box, image: Pick<RgbImage, 'width' | 'height'>): number {
  const area = box.width * box.height;
  if (area <= 0) return 0;
  const inside = clipBox(box, image);
  return Math.max(0, 1 - (inside.width * inside.height) / area);
}
