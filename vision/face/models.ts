/**
 * Lazy ONNX sessions of the face models (models/README.md: names, layouts, ranges).
 *
 * onnxruntime-node itself is imported on first use, not at module load (STYLE.md, "Packaging
 * native modules"): a missing or broken runtime or model file fails the face check with a
 * ModelLoadError and leaves the rest of the program running. Each session is created once, on the
 * first run of its model, and shared by every caller of the same FaceModels.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import type * as OrtModule from 'onnxruntime-node';
import { ModelLoadError } from './errors.ts';

export type FaceModelId = 'blazeface' | 'facemesh' | 'iris' | 'faceres';

export interface FaceModelOptions {
  /** Folder holding the .onnx files. Default: the repository's models/ (the packaged app passes its resources folder). */
  readonly modelDir?: string;
  /**
   * Threads per model run. Default 1: the kiosk runs the camera, the UI and this check on a small
   * machine, and one thread keeps the face check from starving the others (docs/vision-face.md).
   */
  readonly intraOpNumThreads?: number;
  /** Let idle ONNX worker threads spin waiting for work. Default false: spinning burns a core between frames. */
  readonly allowSpinning?: boolean;
}

/** One output of a run: data and shape. */
export interface ModelOutput {
  readonly data: Float32Array;
  readonly dims: readonly number[];
}

export const DEFAULT_MODEL_DIR = fileURLToPath(new URL('../../models/', import.meta.url));

const FILES: Readonly<Record<FaceModelId, string>> = {
  blazeface: 'blazeface.onnx',
  facemesh: 'facemesh.onnx',
  iris: 'iris.onnx',
  faceres: 'faceres.onnx',
};

/** Input names of the graphs (models/README.md, "Calling convention"). */
const INPUTS: Readonly<Record<FaceModelId, string>> = {
  blazeface: 'input',
  facemesh: 'input_1',
  iris: 'input_1',
  faceres: 'input_1',
};

type Ort = typeof OrtModule;

export class FaceModels {
  readonly modelDir: string;
  private readonly sessions = new Map<FaceModelId, Promise<InferenceSession>>();
  private ort: Promise<Ort> | undefined;

  constructor(private readonly options: FaceModelOptions = {}) {
    this.modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  }

  /** Runs one model on an NHWC float32 input; returns its outputs by name. */
  async run(id: FaceModelId, input: Float32Array, dims: readonly number[]): Promise<Record<string, ModelOutput>> {
    const ort = await this.runtime();
    const session = await this.session(id);
    const feeds = { [INPUTS[id]]: new ort.Tensor('float32', input, [...dims]) };
    const results = await session.run(feeds);
    const out: Record<string, ModelOutput> = {};
    for (const [name, tensor] of Object.entries(results)) {
      if (!(tensor.data instanceof Float32Array)) throw new ModelLoadError(id, `output ${name} is ${tensor.type}, expected float32`);
      out[name] = { data: tensor.data, dims: tensor.dims };
    }
    return out;
  }

  /** Loads the given sessions now (e.g. at kiosk start) instead of on the first frame. */
  async preload(ids: readonly FaceModelId[] = ['blazeface', 'facemesh']): Promise<void> {
    await Promise.all(ids.map((id) => this.session(id)));
  }

  /** Frees the native sessions; a later run loads them again. */
  async release(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map(async (s) => (await s.catch(() => undefined))?.release()));
  }

  private runtime(): Promise<Ort> {
    this.ort ??= import('onnxruntime-node').catch((err: unknown) => {
      this.ort = undefined;
      throw new ModelLoadError('runtime', 'onnxruntime-node could not be loaded', { cause: err });
    });
    return this.ort;
  }

  private session(id: FaceModelId): Promise<InferenceSession> {
    let session = this.sessions.get(id);
    if (!session) {
      session = this.createSession(id);
      // A failed load is not cached: the next frame tries again (e.g. after a file was restored).
      session.catch(() => this.sessions.delete(id));
      this.sessions.set(id, session);
    }
    return session;
  }

  private async createSession(id: FaceModelId): Promise<InferenceSession> {
    const ort = await this.runtime();
    const path = join(this.modelDir, FILES[id]);
    const spin = this.options.allowSpinning ? '1' : '0';
    try {
      return await ort.InferenceSession.create(path, {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        intraOpNumThreads: this.options.intraOpNumThreads ?? 1,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        // Session config keys of onnxruntime_session_options_config_keys.h; the Node binding takes them as strings.
        extra: { 'session.intra_op.allow_spinning': spin, 'session.inter_op.allow_spinning': spin },
      });
    } catch (err) {
      throw new ModelLoadError(id, `cannot load ${path}`, { cause: err });
    }
  }
}

let shared: FaceModels | undefined;

/** The process-wide models with default options (repository models/, one thread, no spinning). */
export function defaultFaceModels(): FaceModels {
  shared ??= new FaceModels();
  return shared;
}

/**
 * Points the process-wide models at another folder: a packaged app has no repository models/,
 * its models are in resources/models (docs/packaging.md). Called once at the start of a process
 * or worker, before any model runs; changing folders after the models are in use is refused
 * rather than leaving some sessions loaded from each.
 */
export function useDefaultModelDir(modelDir: string): void {
  if (shared?.modelDir === modelDir) return;
  if (shared) throw new Error(`the face models are already in use from ${shared.modelDir}`);
  shared = new FaceModels({ modelDir });
}
