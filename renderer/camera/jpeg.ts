/** Canvas and blob helpers that turn pixels into JPEG bytes for the kiosk API. */

/** Bytes over a plain ArrayBuffer, as the kiosk API's inputs are typed. */
export type Bytes = Uint8Array<ArrayBuffer>;

export async function blobBytes(blob: Blob): Promise<Bytes> {
  return new Uint8Array(await blob.arrayBuffer());
}

export function canvasJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) reject(new Error('JPEG encoding failed'));
        else blobBytes(blob).then(resolve, reject);
      },
      'image/jpeg',
      quality,
    );
  });
}

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  return { canvas, ctx };
}

/** Draws any image source at (at most) `maxWidth` wide and encodes it. */
export async function drawJpeg(source: CanvasImageSource, width: number, height: number, maxWidth: number, quality: number): Promise<Bytes> {
  const scale = Math.min(1, maxWidth / width);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const { canvas, ctx } = canvasOf(w, h);
  ctx.drawImage(source, 0, 0, w, h);
  return canvasJpeg(canvas, quality);
}

/** A blob of any image type as JPEG: ImageCapture may hand back PNG (Chromium's fake camera does). */
export async function blobAsJpeg(blob: Blob, quality: number): Promise<Bytes> {
  if (blob.type === 'image/jpeg') return blobBytes(blob);
  const bitmap = await createImageBitmap(blob);
  try {
    return await drawJpeg(bitmap, bitmap.width, bitmap.height, bitmap.width, quality);
  } finally {
    bitmap.close();
  }
}

export function jpegUrl(jpeg: Uint8Array): string {
  // Copy into a fresh ArrayBuffer: the bytes may view a larger (or shared) buffer.
  return URL.createObjectURL(new Blob([jpeg.slice()], { type: 'image/jpeg' }));
}
