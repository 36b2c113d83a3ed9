import type { Endpoint } from '../../protocol/endpoint.ts';
import { catalogueEndpoints } from '../../protocol/endpoints/catalogue.ts';
import { deviceSyncEndpoints, sharedLinkEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { merchantEndpoints } from '../../protocol/endpoints/merchant.ts';
import { reportDataEndpoints } from '../../protocol/endpoints/report-data.ts';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import type { CallInput, CallOutput, PlatformClient } from './client.ts';

/** Every endpoint of the specification (and our extensions), by method name. */
export const platformEndpoints = {
  ...tokenEndpoints,
  ...merchantEndpoints,
  ...catalogueEndpoints,
  ...skinApiEndpoints,
  ...reportDataEndpoints,
  ...deviceSyncEndpoints,
  ...sharedLinkEndpoints,
} as const;

type Endpoints = typeof platformEndpoints;

/** One typed method per endpoint: `api.createStore({ body })`, `api.taskResult({ query })`. */
export type PlatformApi = {
  readonly [K in keyof Endpoints]: (input?: CallInput<Endpoints[K]>) => Promise<CallOutput<Endpoints[K]>>;
};

export function platformApi(client: PlatformClient): PlatformApi {
  const api: Record<string, (input?: CallInput<Endpoint>) => Promise<unknown>> = {};
  for (const [name, ep] of Object.entries(platformEndpoints) as [string, Endpoint][]) {
    api[name] = (input) => client.call(ep, input);
  }
  return api as unknown as PlatformApi;
}
