import type { Customer, KioskOutput } from '../../../main/kiosk-api/types.ts';
import type { ConsentClause } from '../session/initialState.ts';
import { localDay } from '../../lib/format.ts';
import type { CallFailure } from '../../lib/kiosk.ts';

export type SearchResult = KioskOutput<'searchCustomers'>;
export type SessionRow = KioskOutput<'listSessions'>['sessions'][number];

export interface StaffState {
  tab: 'customers' | 'sessions';
  keyword: string;
  result: SearchResult | null;
  /** The last page of the search fetched (main pages local and CRM results by 20). */
  page: number;
  searching: boolean;
  day: string;
  sessions: SessionRow[];
  dailyCount: number;
  loadingSessions: boolean;
  /** Session id -> what the last row action said: a retry's note, or the call's failure. */
  rowNotes: Record<string, string | CallFailure>;
  /** The row or customer awaiting "delete for good". */
  pendingDelete: { kind: 'session' | 'customer'; id: string; name: string } | null;
  /** Registration by staff: the customer still consents, on this screen, clause by clause. */
  registerClauses: ConsentClause[];
  registerTicked: Record<string, boolean>;
  registering: boolean;
  registered: Customer | null;
  error: CallFailure | null;
}

export const initialStaffState = (): StaffState => ({
  tab: 'customers',
  keyword: '',
  result: null,
  page: 1,
  searching: false,
  day: localDay(),
  sessions: [],
  dailyCount: 0,
  loadingSessions: false,
  rowNotes: {},
  pendingDelete: null,
  registerClauses: [],
  registerTicked: {},
  registering: false,
  registered: null,
  error: null,
});
