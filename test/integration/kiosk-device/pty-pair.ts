/**
 * A pseudo-terminal pair made by socat (`socat -d -d pty,raw,echo=0 pty,raw,echo=0`): two tty
 * devices wired to each other, so the real node-serialport can open one end as the kiosk's light
 * controller port while the test plays the controller on the other. Killing socat makes both
 * devices vanish, as unplugging a USB serial adapter does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface PtyPair {
  /** The end the kiosk opens. */
  readonly kioskEnd: string;
  /** The end the test reads as the light controller. */
  readonly deviceEnd: string;
  /** SIGKILL socat: both ends disappear. */
  kill(): Promise<void>;
}

export function socatInstalled(): boolean {
  return spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;
}

export async function startPtyPair(): Promise<PtyPair> {
  if (!socatInstalled()) throw new Error('socat is needed for the serial port tests: apt-get install -y socat');
  const child: ChildProcess = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  const paths = await new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socat made no pty pair within 5 s:\n${log}`)), 5000);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const found = [...log.matchAll(/PTY is (\S+)/g)].map((m) => m[1]!);
      // Both devices exist and are wired once socat starts its transfer loop.
      if (found.length === 2 && log.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void exited.then(() => reject(new Error(`socat exited:\n${log}`)));
  });
  return {
    kioskEnd: paths[0]!,
    deviceEnd: paths[1]!,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
