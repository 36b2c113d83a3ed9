// @vladmandic/human 3.3.6 run in Node on TensorFlow.js' WASM backend (@tensorflow/tfjs-backend-wasm,
// the fastest TF.js backend that installs here), as the reference the ONNX pipeline is compared
// with (docs/vision-face.md, "Benchmark"):
// - dist/human.node.js needs @tensorflow/tfjs-node and dist/human.esm.js fails in Node (its bundled
//   tfjs wants a browser TextEncoder), so we load dist/human.node-wasm.js (CommonJS: tfjs-core,
//   tfjs-converter and tfjs-backend-wasm); the package's exports map cannot name dist files, so
//   the file is required by path.
// - The .wasm binaries are read from the installed package's dist folder (a plain file path: in
//   Node, Emscripten reads it with fs), never from human's default CDN.
// - Models load through fetch: an unreachable http origin is mapped onto the package's models/.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';

const require = createRequire(import.meta.url);
const MODEL_ORIGIN = 'http://human-models.invalid/';

export interface HumanFace {
  /** 468 points [x, y, z] in image pixels (human truncates them to integers). */
  readonly mesh: readonly (readonly number[])[];
  /** human's own head angles in radians (its face.rotation.angle). */
  readonly angle: { readonly pitch: number; readonly yaw: number; readonly roll: number };
}

export interface HumanRunner {
  readonly backend: string;
  /** 'simd' / 'no simd' and the thread count the WASM backend runs with. */
  readonly wasm: string;
  /**
   * Detector and mesh on every call. `rotate` turns human's face crop upright by the detector's
   * keypoints (its config face.detector.rotation, off by default), as our pipeline always does.
   */
  full(image: { width: number; height: number; data: Uint8Array }, rotate?: boolean): Promise<HumanFace | null>;
  /** Mesh from the previous call's box (human's own frame-skipping cache); call full() first on the same frame. */
  tracking(image: { width: number; height: number; data: Uint8Array }): Promise<HumanFace | null>;
}

interface HumanResult {
  readonly face: readonly { readonly mesh: (readonly number[])[]; readonly rotation?: { readonly angle: { pitch: number; yaw: number; roll: number } } }[];
}
interface HumanTensor {
  dispose(): void;
}
interface HumanInstance {
  load(): Promise<void>;
  detect(input: HumanTensor, config?: object): Promise<HumanResult>;
  tf: {
    getBackend(): string;
    tensor(data: Uint8Array, shape: number[], dtype: string): HumanTensor;
    env(): { getAsync(flag: string): Promise<unknown> };
  };
}

export async function createHumanRunner(): Promise<HumanRunner> {
  // The package's main entry is dist/human.node.js: its folder's parent is the package.
  const humanDir = dirname(dirname(require.resolve('@vladmandic/human')));
  // The backend's main entry is dist/tf-backend-wasm.node.js, next to its .wasm files.
  const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + sep;
  mapModelFetches(join(humanDir, 'models'));
  const human = loadHuman(humanDir, wasmDir);
  await human.load();
  if (human.tf.getBackend() !== 'wasm') throw new Error(`human runs on '${human.tf.getBackend()}', not wasm`);
  const simd = (await human.tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')) === true;
  const threads = (await human.tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT')) === true;
  const run = async (image: { width: number; height: number; data: Uint8Array }, config: object): Promise<HumanFace | null> => {
    const tensor = human.tf.tensor(image.data, [1, image.height, image.width, 3], 'int32');
    try {
      const result = await human.detect(tensor, config);
      const face = result.face[0];
      if (!face) return null;
      return { mesh: face.mesh, angle: face.rotation?.angle ?? { pitch: Number.NaN, yaw: Number.NaN, roll: Number.NaN } };
    } finally {
      tensor.dispose();
    }
  };
  return {
    backend: human.tf.getBackend(),
    wasm: `${simd ? 'simd' : 'no simd'}, ${threads ? 'multi-threaded' : 'single-threaded'}`,
    // cacheSensitivity 0 disables human's frame-skipping: the detector runs.
    full: (image, rotate = false) => run(image, { cacheSensitivity: 0, face: { detector: { rotation: rotate } } }),
    // An unchanged frame and no time or frame limit: human reuses its cached box and runs the mesh only.
    tracking: (image) => run(image, { cacheSensitivity: 0.7, face: { detector: { rotation: false, skipFrames: 1e9, skipTime: 1e9 } } }),
  };
}

function loadHuman(humanDir: string, wasmDir: string): HumanInstance {
  const { Human } = require(join(humanDir, 'dist/human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
  return new Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    wasmPlatformFetch: false,
    modelBasePath: MODEL_ORIGIN,
    cacheModels: false,
    debug: false,
    async: false,
    warmup: 'none',
    filter: { enabled: false },
    // The same pipeline as ours: BlazeFace and FaceMesh, one face; everything else off.
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 1 },
      mesh: { enabled: true },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
}

function mapModelFetches(modelsDir: string): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(MODEL_ORIGIN)) return new Response(await readFile(join(modelsDir, url.slice(MODEL_ORIGIN.length))));
    return realFetch(input, init);
  };
}
