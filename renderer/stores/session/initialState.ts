import type { Customer, KioskOutput, SessionView } from '../../../main/kiosk-api/types.ts';
import type { CallFailure } from '../../lib/kiosk.ts';

export type ConsentClause = KioskOutput<'getConsentClauses'>['clauses'][number];
export type SkinCondition = NonNullable<SessionView['skinCondition']>;

/** The customer's session from consent to the end of capture. */
export interface SessionState {
  sessionId: string | null;
  view: SessionView | null;
  clauses: ConsentClause[];
  /** Clause id -> ticked. Unticked clauses are recorded as rejected. */
  ticked: Record<string, boolean>;
  /** Clause ids as submitted, reused when the customer is registered. */
  agreedClauseIds: string[];
  rejectedClauseIds: string[];
  customer: Customer | null;
  /** A customer staff picked before the session started (staff screen, "Start analysis"). */
  preselected: Customer | null;
  skinCondition: SkinCondition | null;
  busy: boolean;
  error: CallFailure | null;
}

export const initialSessionState: SessionState = {
  sessionId: null,
  view: null,
  clauses: [],
  ticked: {},
  agreedClauseIds: [],
  rejectedClauseIds: [],
  customer: null,
  preselected: null,
  skinCondition: null,
  busy: false,
  error: null,
};
