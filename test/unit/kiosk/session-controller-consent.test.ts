/**
 * Consent at each session (kiosk API submitConsent, chooseCustomer): the clauses agreed AND those
 * refused are recorded on the customer as given, so a returning customer who now leaves an
 * optional clause unticked withdraws it, and the user sync sends the new state to the platform.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MARKETING_CLAUSE_ID } from '../../../main/kiosk/consent-clauses.ts';
import type { SyncEngine } from '../../../main/sync/engine.ts';
import { REQUIRED_CLAUSE_IDS } from '../../../protocol/report-data/consent.ts';
import { ScriptedClient, scriptedEngine } from '../kiosk-sync/helpers.ts';
import { controllerRig } from './helpers/controller-rig.ts';
import type { Rig } from './helpers/controller-rig.ts';

const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

const ALL = [...REQUIRED_CLAUSE_IDS, MARKETING_CLAUSE_ID];

async function setup() {
  const client = new ScriptedClient({ '/device_api/users': (input) => ({ client_user_id: 'x', revision: (input.body as { revision: number }).revision, consented: true, user: { id: 7 } }) });
  let engine: SyncEngine | null = null;
  const rig = await controllerRig({ camera: 'simulated', onConsentRecorded: (id) => engine?.enqueueUser(id) });
  rigs.push(rig);
  engine = scriptedEngine(rig.store, client);
  const sent = () => client.calls.filter((c) => c.path === '/device_api/users').map((c) => c.input.body as { agree_clause_ids: string[]; reject_clause_ids: string[]; revision: number });
  return { rig, engine, sent };
}

describe('consent per session', () => {
  it('a returning customer who leaves marketing unticked withdraws it, locally and on the platform', async () => {
    const { rig, engine, sent } = await setup();
    const customer = rig.store.createCustomer({ name: 'Returning Rui' });
    // First visit: everything agreed, registered with the platform.
    const first = rig.start(customer.id, { agreed: ALL, rejected: [] });
    expect(rig.store.getCustomer(customer.id)).toMatchObject({ agreeClauseIds: ALL, rejectClauseIds: [] });
    while (await engine.runOnce());
    expect(sent().at(-1)).toMatchObject({ agree_clause_ids: ALL, reject_clause_ids: [], revision: 0 });
    rig.controller.cancelSession(first.id);

    // Second visit: marketing left unticked (the renderer sends it as rejected).
    const second = rig.start(customer.id, { agreed: [...REQUIRED_CLAUSE_IDS], rejected: [MARKETING_CLAUSE_ID] });
    expect(second.state).toBe('live');
    expect(rig.store.getCustomer(customer.id)).toMatchObject({ agreeClauseIds: [...REQUIRED_CLAUSE_IDS], rejectClauseIds: [MARKETING_CLAUSE_ID] });
    // The session was cancelled right away: the withdrawal still reaches the platform.
    rig.controller.cancelSession(second.id);
    while (await engine.runOnce());
    expect(sent().at(-1)).toMatchObject({ agree_clause_ids: [...REQUIRED_CLAUSE_IDS], reject_clause_ids: [MARKETING_CLAUSE_ID], revision: 1 });

    // Agreeing again later moves it back.
    const third = rig.start(customer.id, { agreed: ALL, rejected: [] });
    expect(rig.store.getCustomer(customer.id)).toMatchObject({ agreeClauseIds: ALL, rejectClauseIds: [] });
    rig.controller.cancelSession(third.id);
  });

  it('refuses unknown clause ids and a clause both agreed and refused; a refused required clause ends the session', async () => {
    const { rig } = await setup();
    const { id } = rig.controller.createSession();
    expect(() => rig.controller.submitConsent(id, [...REQUIRED_CLAUSE_IDS, 'sell_my_data'], [])).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => rig.controller.submitConsent(id, ALL, [MARKETING_CLAUSE_ID])).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(rig.controller.view(id).state).toBe('consent');
    expect(rig.controller.submitConsent(id, [REQUIRED_CLAUSE_IDS[0]], [REQUIRED_CLAUSE_IDS[1], MARKETING_CLAUSE_ID]).state).toBe('cancelled');
  });
});
