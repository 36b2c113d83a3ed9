import { describe, expect, it } from 'vitest';
import { ageAt, ageBandOf, inBand, percentileIn } from '../../../platform/report-data/standing-arithmetic.ts';
import { parsePlatformConfig } from '../../../platform/config.ts';

describe('where the customer stands: arithmetic (D-066)', () => {
  it('counts ties half and rounds down, so "better than" never overstates', () => {
    const group = Array.from({ length: 20 }, (_, i) => 50 + i); // 50..69
    // 10 lower, 1 equal: (10 + 0.5) / 20 = 52.5 %
    expect(percentileIn(60, group, 20)).toBe(52);
    expect(percentileIn(100, group, 20)).toBe(100);
    expect(percentileIn(0, group, 20)).toBe(0);
    // Equal to everyone: the middle, not the top or the bottom.
    expect(percentileIn(80, Array<number>(20).fill(80), 20)).toBe(50);
    // An exact half is not lost to a floating-point error: (7 + 0.5) / 25 = 30 %.
    expect(percentileIn(5, [...Array<number>(7).fill(1), 5, ...Array<number>(17).fill(9)], 20)).toBe(30);
  });

  it('gives no figure for a group smaller than the minimum', () => {
    const nineteen = Array.from({ length: 19 }, (_, i) => i);
    expect(percentileIn(10, nineteen, 20)).toBeNull();
    expect(percentileIn(10, [...nineteen, 50], 20)).toBe(52); // 10 lower, 1 equal of 20
    expect(percentileIn(10, [], 10)).toBeNull();
  });

  it('reads ages in whole years at the moment of the visit', () => {
    const visit = Date.UTC(2026, 4, 10, 8); // 2026-05-10
    expect(ageAt('1990-05-10', visit)).toBe(36);
    expect(ageAt('1990-05-11', visit)).toBe(35);
    expect(ageAt('1990-06-01', visit)).toBe(35);
    expect(ageAt('1990-04-30', visit)).toBe(36);
    expect(ageAt('', visit)).toBeNull();
    expect(ageAt('2027-01-01', visit)).toBeNull();
  });

  it('puts ages in decades, with one band under 20 and one from 70', () => {
    expect(ageBandOf(12)).toEqual({ from: 0, to: 19 });
    expect(ageBandOf(19)).toEqual({ from: 0, to: 19 });
    expect(ageBandOf(20)).toEqual({ from: 20, to: 29 });
    expect(ageBandOf(39)).toEqual({ from: 30, to: 39 });
    expect(ageBandOf(69)).toEqual({ from: 60, to: 69 });
    expect(ageBandOf(70)).toEqual({ from: 70, to: null });
    expect(ageBandOf(93)).toEqual({ from: 70, to: null });
    expect(inBand(40, { from: 30, to: 39 })).toBe(false);
    expect(inBand(30, { from: 30, to: 39 })).toBe(true);
    expect(inBand(101, { from: 70, to: null })).toBe(true);
  });

  it('takes the least group from the configuration, never below 10', () => {
    expect(parsePlatformConfig({ dataDir: '/tmp/x' }).peerGroupMin).toBe(20);
    expect(parsePlatformConfig({ dataDir: '/tmp/x', peerGroupMin: 10 }).peerGroupMin).toBe(10);
    expect(() => parsePlatformConfig({ dataDir: '/tmp/x', peerGroupMin: 9 })).toThrow(/peerGroupMin/);
  });
});
