/**
 * Live guidance for the kiosk's preview frames. While FaceMesh keeps finding the face in the crop
 * derived from the previous frame's landmarks, the detector is skipped (the tracking path, about
 * half the cost); when its face score drops, or every `redetectEvery` frames, the frame takes the
 * full path (detect, largest face, landmarks). One customer at a time: the largest face is tracked.
 */
import type { Box, Point2, RgbImage } from '../types.ts';
import { analyzeDetection, describeFace } from './analyze.ts';
import type { AnalyzeOptions, FaceAnalysis } from './analyze.ts';
import { detectFaces } from './detector.ts';
import { NoFaceError } from './errors.ts';
import type { EyesState } from './eyes.ts';
import { estimateIris } from './iris.ts';
import { estimateLandmarks } from './mesh.ts';
import type { FaceQuality } from './quality.ts';
import { landmarkBox, regionFromLandmarks } from './region.ts';
import type { DetectedFace, HeadPose } from './types.ts';

export interface FaceTrackerOptions extends AnalyzeOptions {
  /**
   * Run the detector at least every this many frames even while tracking holds, so a nearer face
   * stepping in is noticed. Default 60 (4 s at 15 fps); 0 = only when tracking is lost.
   */
  readonly redetectEvery?: number;
}

export interface TrackedFrame {
  /** 'full' when the detector ran on this frame, 'tracking' when it was skipped. */
  readonly path: 'full' | 'tracking';
  /**
   * Faces of this frame: every detection on the full path (largest first); on the tracking path
   * only the tracked face, since the detector did not look for others.
   */
  readonly faces: readonly DetectedFace[];
  /** The tracked (largest) face with all its measures, or null when there is none. */
  readonly face: FaceAnalysis | null;
  readonly pose: HeadPose | null;
  readonly eyes: EyesState | null;
  readonly quality: FaceQuality | null;
}

export interface FaceTracker {
  process(frame: RgbImage): Promise<TrackedFrame>;
  /** Forget the tracked face: the next frame takes the full path. */
  reset(): void;
}

/** How the detector's box sits relative to the landmark box, recorded at detection time. */
interface BoxRelation {
  readonly dx: number;
  readonly dy: number;
  readonly sw: number;
  readonly sh: number;
}

interface Tracked {
  readonly face: FaceAnalysis;
  readonly relation: BoxRelation;
}

export function createFaceTracker(options: FaceTrackerOptions = {}): FaceTracker {
  const redetectEvery = options.redetectEvery ?? 60;
  const minFaceScore = options.minFaceScore ?? 0.5;
  // FaceMesh's eyelids by default: Iris would take most of the tracking path's budget (docs/vision-face.md).
  const eyeModel = options.eyeModel ?? 'mesh';
  let tracked: Tracked | null = null;
  let sinceDetection = 0;

  async function track(frame: RgbImage, previous: Tracked): Promise<FaceAnalysis | null> {
    const mesh = await estimateLandmarks(frame, regionFromLandmarks(previous.face.landmarks), options.models);
    if (mesh.faceScore < minFaceScore) return null;
    const box = applyRelation(landmarkBox(mesh.landmarks), previous.relation);
    const iris = eyeModel === 'iris' ? await estimateIris(frame, mesh.landmarks, options.models) : undefined;
    return describeFace(frame, mesh, box, previous.face.detectionScore, options, iris);
  }

  async function full(frame: RgbImage): Promise<TrackedFrame> {
    sinceDetection = 0;
    const faces = await detectFaces(frame, options);
    const largest = faces[0];
    tracked = null;
    if (!largest) return result('full', faces, null);
    try {
      // One FaceMesh run unless asked: the averaged still path would cost the frame rate.
      const face = await analyzeDetection(frame, largest, { ...options, eyeModel, stableLandmarks: options.stableLandmarks ?? false });
      tracked = { face, relation: relationOf(largest.box, face.landmarkBox) };
      return result('full', faces, face);
    } catch (err) {
      if (err instanceof NoFaceError) return result('full', faces, null);
      throw err;
    }
  }

  async function step(frame: RgbImage): Promise<TrackedFrame> {
    sinceDetection++;
    const due = redetectEvery > 0 && sinceDetection >= redetectEvery;
    if (tracked && !due) {
      const face = await track(frame, tracked);
      if (face) {
        tracked = { face, relation: tracked.relation };
        return result('tracking', [{ box: face.box, keypoints: keypointsOf(face.landmarks), score: face.detectionScore }], face);
      }
    }
    return full(frame);
  }

  // Frames are processed one at a time, in call order: each one's crop depends on the one before.
  // (The kiosk should skip preview frames while one is in flight rather than queue them.)
  let queue: Promise<unknown> = Promise.resolve();
  return {
    process(frame) {
      const run = queue.then(() => step(frame));
      queue = run.catch(() => undefined);
      return run;
    },
    reset() {
      tracked = null;
      sinceDetection = 0;
    },
  };
}

function result(path: TrackedFrame['path'], faces: readonly DetectedFace[], face: FaceAnalysis | null): TrackedFrame {
  return { path, faces, face, pose: face?.pose ?? null, eyes: face?.eyes ?? null, quality: face?.quality ?? null };
}

/** BlazeFace's six keypoints read off the mesh, so tracking frames carry the same shape of data. */
function keypointsOf(lm: Float32Array): Point2[] {
  const at = (...indices: number[]): Point2 => ({
    x: indices.reduce((s, i) => s + lm[3 * i]!, 0) / indices.length,
    y: indices.reduce((s, i) => s + lm[3 * i + 1]!, 0) / indices.length,
  });
  // Eye centres (corner midpoints), nose tip, mouth centre (inner lip midpoints), the two ear-side silhouette points.
  return [at(33, 133), at(362, 263), at(1), at(13, 14), at(234), at(454)];
}

function relationOf(detector: Box, landmarks: Box): BoxRelation {
  const w = Math.max(landmarks.width, 1e-6);
  const h = Math.max(landmarks.height, 1e-6);
  return { dx: (detector.left - landmarks.left) / w, dy: (detector.top - landmarks.top) / h, sw: detector.width / w, sh: detector.height / h };
}

function applyRelation(landmarks: Box, r: BoxRelation): Box {
  return {
    left: landmarks.left + r.dx * landmarks.width,
    top: landmarks.top + r.dy * landmarks.height,
    width: r.sw * landmarks.width,
    height: r.sh * landmarks.height,
  };
}
