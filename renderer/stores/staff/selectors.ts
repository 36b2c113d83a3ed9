import type { StaffState } from './initialState.ts';

export const staffSelectors = {
  tab: (s: StaffState) => s.tab,
  keyword: (s: StaffState) => s.keyword,
  result: (s: StaffState) => s.result,
  searching: (s: StaffState) => s.searching,
  day: (s: StaffState) => s.day,
  sessions: (s: StaffState) => s.sessions,
  dailyCount: (s: StaffState) => s.dailyCount,
  loadingSessions: (s: StaffState) => s.loadingSessions,
  rowNotes: (s: StaffState) => s.rowNotes,
  pendingDelete: (s: StaffState) => s.pendingDelete,
  error: (s: StaffState) => s.error,
  registerClauses: (s: StaffState) => s.registerClauses,
  registerTicked: (s: StaffState) => s.registerTicked,
  registering: (s: StaffState) => s.registering,
  registered: (s: StaffState) => s.registered,
  registerConsentComplete: (s: StaffState) => s.registerClauses.every((c) => !c.required || s.registerTicked[c.id] === true),
  hasResults: (s: StaffState) => s.result !== null && s.result.local.length + s.result.crm.length > 0,
};
