/** Ends an exhaustive switch over a union (STYLE.md: Signal's missingCaseError). */
export function missingCase(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
