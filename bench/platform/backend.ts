/** Which database a platform benchmark runs on: --database=postgres://… or DATABASE_URL; else the embedded SQLite file. */
export type Backend = { readonly kind: 'sqlite' } | { readonly kind: 'postgres'; readonly url: string };

export function backendFromArgs(argv: readonly string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Backend {
  const arg = argv.find((a) => a.startsWith('--database='))?.slice('--database='.length);
  const url = arg ?? env['DATABASE_URL'];
  if (url === undefined || url === '') return { kind: 'sqlite' };
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`--database needs a postgres:// URL, got ${url}`);
  return { kind: 'postgres', url };
}
