/** `--name=N` from the command line (npm run bench:x -- --name=N), a positive integer, or the default. */
export function intArg(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
  const value = arg === undefined ? fallback : Number(arg.slice(prefix.length));
  if (!Number.isInteger(value) || value < 1) throw new Error(`${prefix}N needs a positive integer, got ${arg}`);
  return value;
}
