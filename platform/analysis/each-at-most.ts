/**
 * Runs `work` on each item, at most `limit` at once, starting them in order. The first failure
 * stops the items not yet started; it is thrown once the ones under way have settled, so nothing
 * is left running behind the caller's back.
 */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { readonly reason: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (reason) {
        failure ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  // TypeScript does not follow the lanes' assignment: read it back through a fresh annotation.
  const failed = failure as { readonly reason: unknown } | null;
  if (failed !== null) throw failed.reason;
}
