import { createReadStream, type ReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { lineTime } from '../lines.js';

/** Longest line kept whole; the rest of a longer line is dropped (a runaway line cannot fill memory). */
const MAX_LINE = 64 * 1024;
const MAX_CARRY = 1024 * 1024;

/** Called per line with its text and byte offset (uncompressed, for .gz); false stops the scan. */
export type OnLine = (text: string, offset: number) => boolean;

/** A plain file from `start` (its first partial line skipped), or a .gz file from its beginning. */
export function openLines(file: string, gz: boolean, start = 0): ReadStream | NodeJS.ReadableStream {
  const raw = createReadStream(file, { start: gz ? 0 : start, highWaterMark: 256 * 1024 });
  if (!gz) return raw;
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  raw.on('error', (err) => gunzip.destroy(err));
  gunzip.on('close', () => raw.destroy());
  return raw.pipe(gunzip);
}

/** Streams lines through `onLine` without holding more than a chunk and one line in memory. */
export async function scanLines(
  stream: NodeJS.ReadableStream,
  startOffset: number,
  onLine: OnLine,
  signal: AbortSignal,
): Promise<void> {
  let carry: Buffer | undefined;
  let pos = startOffset; // offset of the first byte of `carry` (or of the next chunk)
  let skip = startOffset > 0; // started inside a line: its tail is not a line
  const destroy = () => (stream as ReadStream).destroy();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (signal.aborted) throw signal.reason;
      const buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      let s = 0;
      for (let nl = buf.indexOf(10, s); nl !== -1; nl = buf.indexOf(10, s)) {
        let e = nl;
        if (e > s && buf[e - 1] === 13) e--;
        if (skip) skip = false;
        else if (e > s && !onLine(buf.toString('utf8', s, Math.min(e, s + MAX_LINE)), pos + s)) return;
        s = nl + 1;
      }
      carry = s < buf.length ? buf.subarray(s) : undefined;
      pos += s;
      if (carry && carry.length > MAX_CARRY) {
        // a runaway line: its head is the line, the rest up to its newline is dropped
        if (!skip && !onLine(carry.toString('utf8', 0, MAX_LINE), pos)) return;
        pos += carry.length;
        carry = undefined;
        skip = true;
      }
    }
    if (carry?.length && !skip) onLine(carry.toString('utf8'), pos);
  } finally {
    destroy();
  }
}

/** The time of the first line starting after byte `at` (within 16 KiB), read with one small read. */
async function timeAfter(fh: FileHandle, at: number, year: number, buf: Buffer): Promise<number | undefined> {
  const { bytesRead } = await fh.read(buf, 0, buf.length, at);
  let s = at === 0 ? 0 : buf.indexOf(10) + 1;
  if (s === 0 && at !== 0) return undefined;
  while (s < bytesRead) {
    const nl = buf.indexOf(10, s);
    if (nl === -1 || nl >= bytesRead) return undefined;
    const t = lineTime(buf.toString('utf8', s, nl), year);
    if (t !== undefined) return t;
    s = nl + 1;
  }
  return undefined;
}

/**
 * Binary search over a plain file for a byte offset at or before the first line at `start` or
 * later: log files are written in time order, so about log2(size / 64 KiB) small reads replace
 * reading everything before the range.
 */
export async function seekTime(fh: FileHandle, size: number, start: number, year: number): Promise<number> {
  let lo = 0;
  let hi = size;
  const buf = Buffer.alloc(16 * 1024);
  while (hi - lo > 64 * 1024) {
    const mid = Math.floor((lo + hi) / 2);
    const t = await timeAfter(fh, mid, year, buf);
    if (t !== undefined && t < start) lo = mid;
    else hi = mid; // later, or unknown: look earlier (scanning a little more is safe)
  }
  return lo;
}

/** The time of a file's first timed line (within its first 64 KiB), or undefined. */
export async function firstTime(file: string, gz: boolean, year: number): Promise<number | undefined> {
  let found: number | undefined;
  let read = 0;
  const ac = new AbortController();
  await scanLines(
    openLines(file, gz),
    0,
    (text) => {
      read += text.length + 1;
      found = lineTime(text, year);
      return found === undefined && read < 64 * 1024;
    },
    ac.signal,
  );
  return found;
}
