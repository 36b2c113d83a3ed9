/**
 * Model-input buffers reused between frames: the detector's and FaceMesh's input tensors are
 * 0.8 MB and 0.4 MB, and allocating (and zeroing, and later collecting) them on every preview
 * frame is measurable work. A buffer is taken for one model run and given back after it, so
 * concurrent callers (the kiosk's tracker and an analysis on the same models) never share one.
 */
export class InputBuffers {
  private readonly free: Float32Array[] = [];

  constructor(private readonly length: number) {}

  take(): Float32Array {
    return this.free.pop() ?? new Float32Array(this.length);
  }

  /** Returns a buffer once its run has finished; a few are kept, the rest left to the collector. */
  give(buffer: Float32Array): void {
    if (buffer.length === this.length && this.free.length < 2) this.free.push(buffer);
  }
}
