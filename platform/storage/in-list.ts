/** One statement's share of a long IN list: its values and as many placeholders. */
export interface InListChunk<T> {
  readonly values: T[];
  readonly placeholders: string;
}

/**
 * `values` in chunks of at most the largest of `sizes`, each padded to the least of `sizes` that
 * holds it by repeating its first value (an IN list is a set: the statement's rows and changes are
 * the same), so a few statement texts serve every length: prepared statements are kept per text
 * (D-071). `sizes` ascending.
 */
export function inListChunks<T>(values: readonly T[], sizes: readonly number[]): InListChunk<T>[] {
  const max = sizes[sizes.length - 1]!;
  const chunks: InListChunk<T>[] = [];
  for (let start = 0; start < values.length; start += max) {
    const chunk = values.slice(start, start + max);
    const size = sizes.find((s) => s >= chunk.length) ?? max;
    const padded = [...chunk, ...Array.from({ length: size - chunk.length }, () => chunk[0]!)];
    chunks.push({ values: padded, placeholders: padded.map(() => '?').join(', ') });
  }
  return chunks;
}
