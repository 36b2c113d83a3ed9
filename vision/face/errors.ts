/** Typed failures of the face pipeline; callers map them to their answers (no face, feature down). */

/** No face was found (or the landmark model rejected every candidate). */
export class NoFaceError extends Error {
  readonly code = 'no_face';
  override readonly name = 'NoFaceError';
  constructor(message = 'no face found in the image') {
    super(message);
  }
}

/** The ONNX runtime or a model file could not be loaded: the face check is unavailable, not the app. */
export class ModelLoadError extends Error {
  readonly code = 'model_unavailable';
  override readonly name = 'ModelLoadError';
  constructor(
    readonly model: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${model}: ${message}`, options);
  }
}
