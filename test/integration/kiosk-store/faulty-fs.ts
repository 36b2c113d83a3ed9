/**
 * The real node:fs behind the store's DurableFs interface, with a disk that fills up on demand:
 * once `full` is set at a step, that call fails with ENOSPC as the kernel reports it. A write
 * stores half of what it was given first (what a filling disk does), so the failure really
 * leaves a partial temp file that the writer must clean up.
 */
import { nodeDurableFs, type DurableFs, type DurableHandle } from '../../../common/node/durable-file.ts';

export type FullAt = 'mkdir' | 'open' | 'write' | 'fsync' | 'rename' | 'dir-fsync' | null;

export interface FaultyFs extends DurableFs {
  /** The step that fails next (and every time after, until cleared). */
  full: FullAt;
  /** Calls that failed. */
  readonly failures: string[];
}

function enospc(call: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${call} '${path}'`), { code: 'ENOSPC', errno: -28, syscall: call, path });
}

export function faultyFs(): FaultyFs {
  const fs: FaultyFs = {
    full: null,
    failures: [],
    async mkdirp(path) {
      if (fs.full === 'mkdir') throw fail('mkdir', path);
      return nodeDurableFs.mkdirp(path);
    },
    async open(path, flags, mode) {
      const isDir = flags === 'r';
      if (fs.full === 'open' && !isDir) throw fail('open', path);
      const handle = await nodeDurableFs.open(path, flags, mode);
      const wrapped: DurableHandle = {
        async write(data, offset, length) {
          if (fs.full !== 'write') return handle.write(data, offset, length);
          const half = Math.floor(length / 2);
          if (half > 0) await handle.write(data, offset, half);
          throw fail('write', path);
        },
        async sync() {
          if ((fs.full === 'fsync' && !isDir) || (fs.full === 'dir-fsync' && isDir)) throw fail('fsync', path);
          return handle.sync();
        },
        close: () => handle.close(),
      };
      return wrapped;
    },
    async rename(from, to) {
      if (fs.full === 'rename') throw fail('rename', to);
      return nodeDurableFs.rename(from, to);
    },
    unlink: (path) => nodeDurableFs.unlink(path),
  };
  function fail(call: string, path: string): NodeJS.ErrnoException {
    fs.failures.push(call);
    return enospc(call, path);
  }
  return fs;
}
