/**
 * App secrets are issued as base64url, so one in 64 starts with "-". node:util parseArgs refuses
 * `--app-secret -Xyz` as ambiguous (it looks like a forgotten value followed by an option), which
 * made the CLIs fail for those secrets. A secret option always takes the next argument as its
 * value, whatever it starts with.
 */
export function bindSecretValues(argv: readonly string[], secretOptions: readonly string[]): string[] {
  const flags = new Set(secretOptions.map((name) => `--${name}`));
  const bound: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (flags.has(arg) && value !== undefined) {
      bound.push(`${arg}=${value}`);
      i++;
    } else {
      bound.push(arg);
    }
  }
  return bound;
}
