/**
 * Consent rule of the report data area (specification: Data rules of the report data area):
 * only users who agreed to the user agreement AND the personal-information protection policy,
 * and their reports, can be pulled. decision: the two clauses have these fixed ids in
 * agree_clause_ids / reject_clause_ids; the same rule gates push. A clause listed in both arrays
 * is refused at registration, so "agreed" is never ambiguous.
 */
export const USER_AGREEMENT_CLAUSE_ID = 'user_agreement';
export const PRIVACY_POLICY_CLAUSE_ID = 'privacy_policy';

/** Both must be agreed to (and not rejected) before any of the user's data leaves the platform. */
export const REQUIRED_CLAUSE_IDS = [USER_AGREEMENT_CLAUSE_ID, PRIVACY_POLICY_CLAUSE_ID] as const;

/** decision: a clause id is 1 to 64 of letters, digits, `_`, `-`, `.`; at most 20 per array. */
export const CLAUSE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const MAX_CLAUSES = 20;

export function hasRequiredConsent(agreeClauseIds: readonly string[], rejectClauseIds: readonly string[]): boolean {
  return REQUIRED_CLAUSE_IDS.every((id) => agreeClauseIds.includes(id) && !rejectClauseIds.includes(id));
}
