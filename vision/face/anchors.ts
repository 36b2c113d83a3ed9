/**
 * SSD anchors of the full-range ("back camera") BlazeFace at 256x256, in input pixels, in the
 * order the model's two heads are concatenated: the 16x16 grid (stride 16, 2 anchors per cell)
 * first, then the 8x8 grid (stride 32, 6 per cell): 512 + 384 = 896 anchors. Same as
 * generateAnchors() in human's src/face/facemeshutil.ts and MediaPipe's SsdAnchorsCalculator with
 * fixed anchor size (the model regresses absolute sizes, so anchors only carry centres).
 */

export const DETECTOR_INPUT_SIZE = 256;

const GRIDS = [
  { stride: 16, perCell: 2 },
  { stride: 32, perCell: 6 },
] as const;

/** [x0, y0, x1, y1, ...]: the centre of each anchor. */
export const ANCHORS: Float32Array = buildAnchors(DETECTOR_INPUT_SIZE);

export const ANCHOR_COUNT = ANCHORS.length / 2;

function buildAnchors(size: number): Float32Array {
  const centres: number[] = [];
  for (const { stride, perCell } of GRIDS) {
    const cells = Math.ceil(size / stride);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        for (let n = 0; n < perCell; n++) centres.push(stride * (gx + 0.5), stride * (gy + 0.5));
      }
    }
  }
  return Float32Array.from(centres);
}
