import type { Page } from 'playwright-core';
import { CALL_CONTENT_TYPE, decodeCall, encodeCall } from '../../../common/kiosk/call-codec.ts';

/**
 * Calls the kiosk API from inside the page, on the page's own connection (its token, its roles),
 * as the renderer's host client does: for set-up a test would otherwise click through, and for
 * what no button does (main dropping the roles as after idle minutes).
 */
export async function callKiosk(page: Page, method: string, input: unknown): Promise<unknown> {
  const answer = await page.evaluate(
    async ({ method, frame, type }) => {
      const response = await fetch(`/api/call/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sessionStorage.getItem('kiosk.connection') ?? ''}`, 'content-type': type },
        body: new Uint8Array(frame),
      });
      if (!response.ok) throw new Error(`kiosk API ${method}: HTTP ${response.status}`);
      return [...new Uint8Array(await response.arrayBuffer())];
    },
    { method, frame: [...encodeCall(input)], type: CALL_CONTENT_TYPE },
  );
  const result = decodeCall(new Uint8Array(answer)) as { ok: boolean; output?: unknown; error?: { code: string; message: string } };
  if (!result.ok) throw new Error(`kiosk API ${method}: ${result.error?.code ?? '?'} ${result.error?.message ?? ''}`);
  return result.output;
}
