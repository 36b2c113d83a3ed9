/**
 * The pull signature (specification: Authentication, step 5): every used parameter but sig,
 * sorted by name in ASCII order, joined as name=value with &, app_secret appended without a
 * separator, MD5 in lower-case hex. Decision D-010 applies the same algorithm to the body
 * fields of push calls and the query of CRM calls, which the specification leaves open.
 *
 * The wire contract is runtime-free (D-037), so it fixes the signed string here; the digest is
 * taken where signatures are made and checked, in Node (platform/auth/signature.ts).
 */
export type SignableValue = string | number | boolean;

export type SignableParams = Readonly<Record<string, SignableValue | undefined>>;

export function signatureBase(params: SignableParams, secret: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sig' && params[name] !== undefined)
    // ASCII dictionary order: compare UTF-16 code units, not locale collation.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((name) => `${name}=${String(params[name])}`).join('&') + secret;
}
