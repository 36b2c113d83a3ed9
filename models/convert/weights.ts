// Decodes the weight shards of a TF.js model. Quantised weights are widened to float32 the way
// TF.js itself does on load, so the ONNX file computes with exactly the values TF.js computes with.

export type ConstDtype = 'float32' | 'int32';

export interface ConstTensor {
  readonly dtype: ConstDtype;
  readonly shape: readonly number[];
  readonly data: Float32Array | Int32Array;
}

export interface WeightSpec {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: string;
  readonly quantization?: { readonly dtype: 'float16' | 'uint8' | 'uint16'; readonly scale?: number; readonly min?: number } | undefined;
}

export function elementCount(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** IEEE 754 binary16 -> number; exact (every half value is representable in float32). */
export function float16ToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

function bytesPerElement(spec: WeightSpec): number {
  switch (spec.quantization?.dtype) {
    case 'float16':
    case 'uint16':
      return 2;
    case 'uint8':
      return 1;
    case undefined:
      if (spec.dtype === 'float32' || spec.dtype === 'int32') return 4;
      throw new Error(`weight ${spec.name}: dtype ${spec.dtype} is not supported`);
  }
}

function decodeOne(spec: WeightSpec, view: DataView, offset: number): ConstTensor {
  const n = elementCount(spec.shape);
  const q = spec.quantization;
  const dtype: ConstDtype = spec.dtype === 'int32' ? 'int32' : 'float32';
  if (spec.dtype !== 'float32' && spec.dtype !== 'int32') throw new Error(`weight ${spec.name}: dtype ${spec.dtype} is not supported`);
  const data = dtype === 'int32' ? new Int32Array(n) : new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (!q) {
      data[i] = dtype === 'int32' ? view.getInt32(offset + 4 * i, true) : view.getFloat32(offset + 4 * i, true);
    } else if (q.dtype === 'float16') {
      data[i] = float16ToNumber(view.getUint16(offset + 2 * i, true));
    } else {
      // Affine quantisation: TF.js computes value = q * scale + min.
      const raw = q.dtype === 'uint8' ? view.getUint8(offset + i) : view.getUint16(offset + 2 * i, true);
      data[i] = raw * (q.scale ?? 1) + (q.min ?? 0);
    }
  }
  return { dtype, shape: [...spec.shape], data };
}

/** Weights lie back to back in manifest order across all shards, concatenated. */
export function decodeWeights(specs: readonly WeightSpec[], bytes: Uint8Array): Map<string, ConstTensor> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Map<string, ConstTensor>();
  let offset = 0;
  for (const spec of specs) {
    const size = elementCount(spec.shape) * bytesPerElement(spec);
    if (offset + size > bytes.byteLength) throw new Error(`weight ${spec.name}: shards end at byte ${bytes.byteLength}, need ${offset + size}`);
    out.set(spec.name, decodeOne(spec, view, offset));
    offset += size;
  }
  if (offset !== bytes.byteLength) throw new Error(`weight shards hold ${bytes.byteLength} bytes, manifest describes ${offset}`);
  return out;
}
