// The models we ship, where they come from, and how their inputs are prepared. The input ranges
// are the ones @vladmandic/human feeds each model (src/face/*.ts of human 3.3.6); callers of the
// ONNX files must prepare inputs the same way.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ModelId = 'blazeface' | 'facemesh' | 'iris' | 'faceres';

export interface ModelSpec {
  readonly id: ModelId;
  /** model.json inside the human package's models/ folder; the .bin shard sits beside it. */
  readonly sourceJson: string;
  readonly onnxFile: string;
  /** Pixel values 0..255 map linearly onto this range. */
  readonly inputRange: readonly [number, number];
  readonly summary: string;
  /** Where the network itself comes from, and its licence as far as we could establish it. */
  readonly upstream: string;
  readonly licence: string;
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const HUMAN_PACKAGE_DIR = join(REPO_ROOT, 'node_modules/@vladmandic/human');
export const MODELS_DIR = join(REPO_ROOT, 'models');

const MEDIAPIPE = 'https://github.com/google/mediapipe';

export const MODELS: readonly ModelSpec[] = [
  {
    id: 'blazeface',
    sourceJson: 'blazeface.json',
    onnxFile: 'blazeface.onnx',
    inputRange: [-1, 1],
    summary: 'MediaPipe BlazeFace face detector, 256x256 "back camera" (full-range) variant',
    upstream: MEDIAPIPE,
    licence: 'Apache-2.0',
  },
  {
    id: 'facemesh',
    sourceJson: 'facemesh.json',
    onnxFile: 'facemesh.onnx',
    inputRange: [0, 1],
    summary: 'MediaPipe FaceMesh: 468 3-D face landmarks and a face-presence score',
    upstream: MEDIAPIPE,
    licence: 'Apache-2.0',
  },
  {
    id: 'iris',
    sourceJson: 'iris.json',
    onnxFile: 'iris.onnx',
    inputRange: [0, 1],
    summary: 'MediaPipe Iris: eye contour and iris landmarks of one eye crop',
    upstream: MEDIAPIPE,
    licence: 'Apache-2.0',
  },
  {
    id: 'faceres',
    sourceJson: 'faceres.json',
    onnxFile: 'faceres.onnx',
    inputRange: [0, 255],
    summary: 'HSE FaceRes (MobileNet): gender, age and a 1024-value face descriptor',
    upstream: 'https://github.com/HSE-asavchenko/HSE_FaceRec_tf',
    licence: 'not stated upstream; distributed in @vladmandic/human under MIT (see models/README.md)',
  },
];

export function sourceJsonPath(spec: ModelSpec): string {
  return join(HUMAN_PACKAGE_DIR, 'models', spec.sourceJson);
}

export function onnxPath(spec: ModelSpec, dir = MODELS_DIR): string {
  return join(dir, spec.onnxFile);
}

/** Maps 0..255 pixel values onto the model's input range, as human does before inference. */
export function normalizePixels(spec: ModelSpec, pixels: Uint8Array | Uint8ClampedArray): Float32Array {
  const [lo, hi] = spec.inputRange;
  const scale = (hi - lo) / 255;
  return Float32Array.from(pixels, (p) => p * scale + lo);
}
