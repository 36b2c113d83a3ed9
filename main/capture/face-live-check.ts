/**
 * The real LiveCheck (docs/kiosk-core.md, "Live checks"): vision/face's tracker on each preview
 * frame, mapped to FaceCheckResult. Meant to run in the worker of createWorkerLiveCheck
 * (`{module: <this file>, exportName: 'createLiveCheck'}`): the models load there, once, so
 * onnxruntime's blocking runs never stall the main process. Units and signs are vision's, which
 * the guidance already uses (yaw + = the customer turned to their own left).
 */
import { createFaceTracker, FaceModels } from '../../vision/face/index.ts';
import { FACE_OVAL } from '../../vision/skin/regions/mesh-indices.ts';
import type { TrackedFrame } from '../../vision/face/index.ts';
import { faceAxes } from '../../vision/skin/regions/geometry.ts';
import type { FaceGeometry } from '../../vision/types.ts';
import type { FaceCheckResult, LiveCheck } from './live-check.ts';

export interface FaceLiveCheckOptions {
  /** Folder of the .onnx files; default the repository's models/ (a packaged app passes its resources). */
  readonly modelDir?: string;
  /** Detector at least every this many frames while tracking holds (vision default 60). */
  readonly redetectEvery?: number;
  /** Load the models when the check is created rather than on the first frame. Default true. */
  readonly preload?: boolean;
}

/** The factory the worker calls; options arrive structured-cloned, so they are read defensively. */
export async function createLiveCheck(options: unknown = {}): Promise<LiveCheck> {
  const opts = (typeof options === 'object' && options !== null ? options : {}) as FaceLiveCheckOptions;
  const models = new FaceModels({ ...(typeof opts.modelDir === 'string' ? { modelDir: opts.modelDir } : {}) });
  if (opts.preload !== false) await models.preload(['blazeface', 'facemesh']);
  const tracker = createFaceTracker({ models, ...(typeof opts.redetectEvery === 'number' ? { redetectEvery: opts.redetectEvery } : {}) });
  return async (frame) => toFaceCheck(await tracker.process(frame));
}

/** vision/face's tracked frame as the capture session's check result. */
export function toFaceCheck(tracked: TrackedFrame): FaceCheckResult {
  const face = tracked.face;
  if (!face) return { facePresent: false };
  // The landmark box (forehead to chin, ear to ear) is what faceRatio measures; guidance centres it.
  const box = face.landmarkBox;
  return {
    facePresent: true,
    pose: { pitch: face.pose.pitch, roll: face.pose.roll, yaw: face.pose.yaw },
    eyesOpen: { left: clamp01(face.eyes.left.open), right: clamp01(face.eyes.right.open) },
    quality: { blur: clamp01(face.quality.blur), brightness: clamp01(face.quality.brightness) },
    faceBox: { left: box.left, top: box.top, width: Math.max(1e-3, box.width), height: Math.max(1e-3, box.height) },
    faceRatio: Math.max(0, face.faceRatio),
    ...interpupillary(face),
    glasses: { normal: clamp01(face.glasses.normal), sunglasses: clamp01(face.glasses.sunglasses) },
    ...faceOval(face.landmarks),
  };
}

/** The distance between the eye centres, as the skin analysis measures millimetres (63 mm apart). */
function interpupillary(face: FaceGeometry): { ipdPx?: number } {
  if (!(face.landmarks instanceof Float32Array) || face.landmarks.length < 468 * 3) return {};
  const ipd = faceAxes(face).ipd;
  return Number.isFinite(ipd) && ipd > 0 ? { ipdPx: ipd } : {};
}

/** The FaceMesh silhouette (36 points, clockwise from the top of the forehead) in frame pixels. */
function faceOval(landmarks: Float32Array | undefined): { outline?: [number, number][] } {
  if (!(landmarks instanceof Float32Array) || landmarks.length < 468 * 3) return {};
  const outline = FACE_OVAL.map((i): [number, number] => [landmarks[3 * i]!, landmarks[3 * i + 1]!]);
  return outline.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y)) ? { outline } : {};
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
