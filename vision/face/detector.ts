/**
 * Face detection with the full-range BlazeFace (models/README.md, "blazeface.onnx"): letterbox the
 * frame to 256x256, run, decode the 896 anchors, sigmoid, weighted NMS, map back to image pixels.
 */
import { applyAffine, letterboxAffine } from '../image/affine.ts';
import type { Affine } from '../image/affine.ts';
import { sampleToTensor, supersampleFor } from '../image/sample.ts';
import type { RgbImage } from '../types.ts';
import { ANCHORS, ANCHOR_COUNT, DETECTOR_INPUT_SIZE } from './anchors.ts';
import { InputBuffers } from './buffers.ts';
import { defaultFaceModels } from './models.ts';
import type { FaceModels, ModelOutput } from './models.ts';
import { weightedNms } from './nms.ts';
import type { Candidate } from './nms.ts';
import type { DetectedFace } from './types.ts';

export interface DetectOptions {
  /** Minimum detection score, 0..1. Default 0.5 (MediaPipe's threshold for this model). */
  readonly minScore?: number;
  /** Overlap above which candidates merge. Default 0.3 (MediaPipe's). */
  readonly iouThreshold?: number;
  /** At most this many faces. Default 20. */
  readonly maxFaces?: number;
  readonly models?: FaceModels;
}

const KEYPOINTS = 6;
const REGRESSORS = 4 + 2 * KEYPOINTS;
/**
 * Score logits are clipped to +-LOGIT_CLIP before the sigmoid (MediaPipe clips them the same way):
 * beyond it they carry no information and overflow exp(). The model-equality test compares the
 * logits after this clip (models/README.md).
 */
export const LOGIT_CLIP = 100;

/**
 * All faces in the image, largest box first. An empty list when there is none: the caller decides
 * whether that is an error (analyzeFace throws NoFaceError).
 */
export async function detectFaces(image: RgbImage, options: DetectOptions = {}): Promise<DetectedFace[]> {
  const models = options.models ?? defaultFaceModels();
  const size = DETECTOR_INPUT_SIZE;
  const toSource = letterboxAffine(image.width, image.height, size);
  const buffer = inputs.take();
  try {
    const input = sampleToTensor(image, toSource, size, size, {
      range: [-1, 1],
      out: buffer,
      // Plain bilinear (as human feeds the model) up to a 768 px long side, which covers preview
      // frames; larger photos are averaged, or small faces would alias away.
      supersample: supersampleFor(Math.max(image.width, image.height), size * 1.5),
    });
    const outputs = await models.run('blazeface', input, [1, size, size, 3]);
    return decodeDetections(outputs, toSource, options);
  } finally {
    inputs.give(buffer);
  }
}

const inputs = new InputBuffers(DETECTOR_INPUT_SIZE * DETECTOR_INPUT_SIZE * 3);

/** Decoding of the raw outputs, separate from the run so tests can feed it directly. */
export function decodeDetections(outputs: Record<string, ModelOutput>, toSource: Affine, options: DetectOptions = {}): DetectedFace[] {
  const minScore = options.minScore ?? 0.5;
  const minLogit = Math.log(minScore / (1 - minScore));
  // Output names: models/README.md. Identity/Identity_2: 16x16 grid (512 anchors); Identity_1/Identity_3: 8x8 grid (384).
  const scoresFine = output(outputs, 'Identity').data;
  const boxesFine = output(outputs, 'Identity_2').data;
  const scoresCoarse = output(outputs, 'Identity_1').data;
  const boxesCoarse = output(outputs, 'Identity_3').data;
  const fine = scoresFine.length;
  const candidates: Candidate[] = [];
  for (let i = 0; i < ANCHOR_COUNT; i++) {
    const logit = i < fine ? scoresFine[i]! : scoresCoarse[i - fine]!;
    if (!(logit >= minLogit)) continue;
    const reg = i < fine ? boxesFine : boxesCoarse;
    const r = (i < fine ? i : i - fine) * REGRESSORS;
    const ax = ANCHORS[2 * i]!;
    const ay = ANCHORS[2 * i + 1]!;
    const cx = ax + reg[r]!;
    const cy = ay + reg[r + 1]!;
    const hw = reg[r + 2]! / 2;
    const hh = reg[r + 3]! / 2;
    const coords = new Float32Array(4 + 2 * KEYPOINTS);
    coords[0] = cx - hw;
    coords[1] = cy - hh;
    coords[2] = cx + hw;
    coords[3] = cy + hh;
    for (let k = 0; k < KEYPOINTS; k++) {
      coords[4 + 2 * k] = ax + reg[r + 4 + 2 * k]!;
      coords[5 + 2 * k] = ay + reg[r + 5 + 2 * k]!;
    }
    const score = 1 / (1 + Math.exp(-Math.min(LOGIT_CLIP, logit)));
    candidates.push({ score, coords });
  }
  const kept = weightedNms(candidates, options.iouThreshold ?? 0.3, options.maxFaces ?? 20);
  const faces = kept.map((c) => toImageFace(c, toSource)).filter((f) => f.box.width > 0 && f.box.height > 0);
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

function toImageFace(c: Candidate, toSource: Affine): DetectedFace {
  const p0 = applyAffine(toSource, c.coords[0]!, c.coords[1]!);
  const p1 = applyAffine(toSource, c.coords[2]!, c.coords[3]!);
  const keypoints = [];
  for (let k = 0; k < KEYPOINTS; k++) keypoints.push(applyAffine(toSource, c.coords[4 + 2 * k]!, c.coords[5 + 2 * k]!));
  return { box: { left: p0.x, top: p0.y, width: p1.x - p0.x, height: p1.y - p0.y }, keypoints, score: c.score };
}

function output(outputs: Record<string, ModelOutput>, name: string): ModelOutput {
  const o = outputs[name];
  if (!o) throw new Error(`blazeface output ${name} missing`);
  return o;
}
