/**
 * A KioskApi made from one `call(method, input)` function. Method names stay out of the renderer
 * as strings (STYLE.md: One contract per boundary): the KioskApi type checks each call site, and
 * main checks the name against the contract at runtime.
 */
import type { KioskApi, KioskMethod } from '../../main/kiosk-api/types.ts';

export type CallFunction = (method: KioskMethod, input: unknown) => Promise<unknown>;

export function kioskApiProxy(call: CallFunction): KioskApi {
  const methods = new Map<string, (input: unknown) => Promise<unknown>>();
  return new Proxy({} as KioskApi, {
    get(_target, property) {
      // `then` must stay undefined, or awaiting the api object would call it as a thenable.
      if (typeof property !== 'string' || property === 'then' || property === 'toJSON') return undefined;
      let method = methods.get(property);
      if (!method) {
        method = (input: unknown) => call(property as KioskMethod, input ?? {});
        methods.set(property, method);
      }
      return method;
    },
  });
}
