import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALL_CONTENT_TYPE, decodeCall, encodeCall } from '../../../common/kiosk/call-codec.ts';
import { createHostClient } from '../../../renderer/api/host-client.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('npm start -- --headless', () => {
  it('starts the browser host with the embedded platform and prints an address that answers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-launch-'));
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'launch.ts'), '--headless', '--data', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /kiosk ready: (http:\/\/127\.0\.0\.1:\d+\/#k=[\w-]{43})/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`launcher exited:\n${output}`)));
      });
      const { origin, hash } = new URL(url);
      const secret = new URLSearchParams(hash.slice(1)).get('k') ?? '';

      const health = await fetch(`${origin}/api/health`, { headers: { 'X-Kiosk-Secret': secret } });
      expect(health.status).toBe(200);
      expect((await fetch(`${origin}/api/health`)).status).toBe(401);

      const connect = await fetch(`${origin}/api/connect`, { method: 'POST', headers: { Origin: origin, 'X-Kiosk-Secret': secret } });
      const { token } = (await connect.json()) as { token: string };
      const call = await fetch(`${origin}/api/call/getStatus`, {
        method: 'POST',
        headers: { Origin: origin, Authorization: `Bearer ${token}`, 'Content-Type': CALL_CONTENT_TYPE },
        body: encodeCall({}) as Uint8Array<ArrayBuffer>,
      });
      const result = decodeCall(new Uint8Array(await call.arrayBuffer())) as { ok: boolean; output: { mode: string; platform: { baseUrl: string } } };
      expect(result.ok).toBe(true);
      expect(result.output.mode).toBe('browser');
      expect(result.output.platform.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      expect(existsSync(join(dataDir, 'embedded-platform', 'demo-credentials.json'))).toBe(true);

      // The real services behind the real host, through the renderer's own client: a session, and a
      // privileged call before and after the (demo) staff PIN.
      const memory = new Map<string, string>();
      const api = createHostClient({
        baseUrl: origin,
        launchSecret: secret,
        storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) },
        fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: origin } }),
      });
      const session = await api.createSession({});
      expect(session.state).toBe('consent');
      await expect(api.listSessions({})).rejects.toMatchObject({ code: 'forbidden' });
      expect(await api.verifyPin({ role: 'staff', pin: '1234' })).toEqual({ ok: true });
      expect((await api.listSessions({})).sessions.map((row) => row.id)).toContain(session.id);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 120_000);
});
