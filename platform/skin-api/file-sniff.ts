/**
 * The real type of an uploaded file from its first bytes, so a policy issued for a .jpg cannot
 * be used to store a ZIP or an executable under an image name (STYLE.md: Uploads).
 */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'bmp' | 'tiff' | 'heif' | 'zip' | 'unknown';

function startsWith(head: Buffer, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((byte, i) => head[offset + i] === byte);
}

export function sniffFileType(head: Buffer): SniffedType {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(head, [0x42, 0x4d])) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'heif'].includes(brand)) return 'heif';
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  return 'unknown';
}

const TYPE_OF_EXTENSION: Readonly<Record<string, SniffedType>> = {
  jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', bmp: 'bmp', tif: 'tiff', tiff: 'tiff', heic: 'heif', heif: 'heif',
};

/** Whether the content matches the extension the policy was issued for. */
export function contentMatchesExtension(head: Buffer, extension: string): boolean {
  const expected = TYPE_OF_EXTENSION[extension];
  return expected !== undefined && sniffFileType(head) === expected;
}
