/**
 * The parts in one Buffer, carved from a shared slab as Node's own Buffer pool does for small
 * ones (which stops at 4 kB): a new backing store per 16 kB answer cost more than copying into
 * it (D-081). A slab is never written twice, so an answer still being sent is never touched;
 * it is freed once no answer carved from it is left. The caller may change the bytes it was
 * given before it hands them on (a kept gzip answer writes its req_id and CRC, D-094).
 */
export function joined(parts: readonly Buffer[]): Buffer {
  let total = 0;
  for (const part of parts) total += part.length;
  if (total > SLAB_BYTES / 8) return Buffer.concat(parts, total);
  if (slab.length - slabOffset < total) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabOffset = 0;
  }
  const out = slab.subarray(slabOffset, slabOffset + total);
  let at = 0;
  for (const part of parts) at += part.copy(out, at);
  // 8-byte aligned, as Node's pool.
  slabOffset += (total + 7) & ~7;
  return out;
}

const SLAB_BYTES = 1024 * 1024;
let slab = Buffer.allocUnsafeSlow(0);
let slabOffset = 0;
