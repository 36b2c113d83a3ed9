/**
 * The upload staging sink (platform/objects/piecewise-file-sink.ts): whatever the chunking of the
 * body, the file holds exactly its bytes; an existing name is never overwritten; a failed body
 * leaves the handle closed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PIECE_BYTES, PiecewiseFileSink } from '../../../platform/objects/piecewise-file-sink.ts';

const dir = mkdtempSync(join(tmpdir(), 'piecewise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** This process's descriptors open on `path` (Linux /proc). */
function openDescriptorsOf(path: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(join('/proc/self/fd', fd)) === path;
    } catch {
      return false;
    }
  }).length;
}

function chunked(bytes: Buffer, sizes: readonly number[]): Readable {
  const chunks: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks);
}

describe('PiecewiseFileSink', () => {
  it.each([
    ['socket-sized chunks', 5 * 1024 * 1024 + 17, [65_536]],
    ['one chunk larger than several pieces', 3 * PIECE_BYTES + 5, [3 * PIECE_BYTES + 5]],
    ['chunks straddling piece borders', 4 * PIECE_BYTES, [PIECE_BYTES - 1, 2, 700_001]],
    ['single bytes', 3000, [1]],
    ['nothing', 0, [1]],
  ] as const)('writes exactly the body from %s', async (_, size, sizes) => {
    const bytes = randomBytes(size);
    const path = join(dir, `file-${size}-${sizes.join('-')}`);
    await pipeline(chunked(bytes, sizes), new PiecewiseFileSink(path, 0o600));
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('never overwrites an existing file', async () => {
    const path = join(dir, 'existing');
    writeFileSync(path, 'keep me');
    await expect(pipeline(Readable.from([Buffer.from('new')]), new PiecewiseFileSink(path, 0o600))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(path, 'utf8')).toBe('keep me');
  });

  it('stops at a failing body with the bytes so far and its handle closed', async () => {
    const path = join(dir, 'failing');
    const body = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 7));
        this.destroy(new Error('client went away'));
      },
    });
    const sink = new PiecewiseFileSink(path, 0o600);
    await expect(pipeline(body, sink)).rejects.toThrow('client went away');
    expect(sink.destroyed).toBe(true);
    // The staging file is the caller's to remove: it is there, and no longer held open.
    await expect.poll(() => openDescriptorsOf(path), { timeout: 2000 }).toBe(0);
    rmSync(path);
  });
});
