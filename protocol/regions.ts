import { z } from 'zod';

/**
 * The two regions of the specification (Regions and addresses): mainland China and overseas,
 * each with its own base address. The production base addresses are configuration, not code;
 * these names are what configuration and 44099 handling refer to.
 */
export const REGIONS = ['cn', 'overseas'] as const;
export const regionSchema = z.enum(REGIONS);
export type Region = z.infer<typeof regionSchema>;

export function otherRegion(region: Region): Region {
  return region === 'cn' ? 'overseas' : 'cn';
}
