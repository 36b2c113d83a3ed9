/**
 * D-108: the results' close-up and "over time" chart open on the summary's first finding, not on
 * the lowest score. On the simulated device's face the lowest score (eye bags 3.2, level 6) carried
 * an "expression" caveat: the summary rightly led with sensitivity, while the close-up opened on
 * the eye bags the summary had put behind the sure findings.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskApi, Report } from '../../../main/kiosk-api/types.ts';
import type * as KioskLib from '../../../renderer/lib/kiosk.ts';
import { measured, report, worstIndex as worst } from '../../helpers/report-fixture.ts';

const answer: { report: Report | null } = { report: null };

vi.mock('../../../renderer/lib/kiosk.ts', async (original) => ({
  ...(await original<typeof KioskLib>()),
  kiosk: (): Pick<KioskApi, 'getReport'> => ({
    getReport: () => (answer.report ? Promise.resolve(answer.report) : Promise.reject(new Error('no report'))),
  }),
}));

const { useResultsStore } = await import('../../../renderer/stores/results/store.ts');

describe('the dimension the results open on (D-108)', () => {
  beforeEach(() => {
    useResultsStore.getState().reset();
    useResultsStore.setState({ sessionId: 'ses-1' });
  });

  it('is the summary’s first finding, not a lower score the photo cannot vouch for', async () => {
    answer.report = report([
      { ...measured('eye_bags', worst('eye_bags'), 3.2), caveats: [{ reason: 'expression', name: 'a smile' }] },
      measured('sensitive', worst('sensitive'), 4),
      measured('glow', 0, 79.1),
    ]);
    await useResultsStore.getState().refreshReport('en');
    expect(useResultsStore.getState().dimension).toBe('sensitive');
  });

  it('keeps the dimension the customer chose when the report is read again', async () => {
    answer.report = report([measured('sensitive', worst('sensitive'), 4), measured('glow', 0, 79.1)]);
    useResultsStore.getState().selectDimension('glow');
    await useResultsStore.getState().refreshReport('en');
    expect(useResultsStore.getState().dimension).toBe('glow');
  });
});
