/**
 * Ends an exhaustive `switch` over a union (STYLE.md: Signal's missingCaseError): the compiler
 * refuses the call while a member is unhandled, and a value from outside the types (a row written
 * by a newer version, a cast) fails loudly at run time instead of falling through.
 *
 * `what` names the union in the message ("unhandled light: uv"), so a log line says where.
 */
export function missingCase(value: never, what = 'case'): never {
  throw new Error(`unhandled ${what}: ${describe(value)}`);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A cycle or a BigInt: String() still says something.
    return String(value);
  }
}
