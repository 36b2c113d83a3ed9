/**
 * Keys that carry their day (D-142): sixteen list partitions, the UTC day, and every day between
 * two instants, so the orphan walk lists exactly the days it means to.
 */
import { describe, expect, it } from 'vitest';
import { datedKey, dayOfKey, dayPrefixes, daysBetween, keyDay, LIST_PARTITIONS } from '../../../platform/objects/dated-keys.ts';

describe('dated keys', () => {
  it('begin with a partition and the UTC day of their making, and are read back', () => {
    const lateEvening = Date.UTC(2026, 11, 7, 23, 59, 59);
    expect(keyDay(lateEvening)).toBe('20261207');
    expect(keyDay(lateEvening + 1000)).toBe('20261208');
    const key = datedKey(lateEvening, 'abc.jpg');
    expect(key).toMatch(/^[0-9a-f]-20261207-abc\.jpg$/);
    expect(dayOfKey(key)).toBe('20261207');
    for (const undated of ['abc.jpg', '0123456789abcdef0123456789abcdef.jpg', 'g-20261207-abc.jpg', '1-2026120-abc.jpg']) expect(dayOfKey(undated), undated).toBeNull();
  });

  it('spread a day over every partition, and a day\'s prefixes hold every key of that day and none of another', () => {
    const now = Date.UTC(2026, 11, 7, 12);
    const partitions = new Set(Array.from({ length: 400 }, () => datedKey(now, 'x')[0]));
    expect(partitions.size).toBe(LIST_PARTITIONS);
    const prefixes = dayPrefixes('20261207');
    expect(prefixes).toHaveLength(LIST_PARTITIONS);
    for (let i = 0; i < 50; i += 1) {
      const [today, tomorrow] = [datedKey(now, 'x'), datedKey(now + 24 * 3_600_000, 'x')];
      expect(prefixes.filter((prefix) => today.startsWith(prefix))).toHaveLength(1);
      expect(prefixes.some((prefix) => tomorrow.startsWith(prefix))).toBe(false);
    }
  });

  it('days between two instants include both ends, across a month and a year', () => {
    expect(daysBetween(Date.UTC(2026, 11, 30, 22), Date.UTC(2027, 0, 2, 1))).toEqual(['20261230', '20261231', '20270101', '20270102']);
    expect(daysBetween(Date.UTC(2026, 1, 28, 5), Date.UTC(2026, 1, 28, 23))).toEqual(['20260228']);
    expect(daysBetween(Date.UTC(2026, 1, 28), Date.UTC(2026, 2, 1))).toEqual(['20260228', '20260301']);
  });
});
