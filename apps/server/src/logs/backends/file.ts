import { open } from 'node:fs/promises';
import type { LogBackendSpec } from '@opsdeck/schema';
import { fileStart, type LogFile, logFiles } from '../files/fileSet.js';
import { openLines, scanLines, seekTime } from '../files/scan.js';
import { labelsMatch } from '../labels.js';
import { lineTime, textMatcher, toLogLine } from '../lines.js';
import type { BackendContext, BackendPage, LogBackend, LogSearch } from '../types.js';

/** A position in the file set: lines older than it come next. */
interface Cursor {
  t: number;
  p: string;
  o: number;
}

interface Kept {
  ts: number;
  text: string;
  off: number;
  file: LogFile;
  rank: number;
}

function parseCursor(c: string | undefined): Cursor | undefined {
  if (!c) return undefined;
  const v = JSON.parse(c) as Cursor;
  if (typeof v?.t !== 'number' || typeof v.p !== 'string' || typeof v.o !== 'number') throw new Error('bad cursor');
  return v;
}

/**
 * Files on the server (paths and globs, rotated siblings, .gz). One pass over the time range in
 * time order: files wholly outside it are skipped by mtime and first line, a plain file is entered
 * by binary search, lines are streamed, and only the newest `limit` matches before the cursor are
 * kept (a ring), so memory stays flat whatever the files weigh; `total` counts every match.
 */
export function fileBackend(
  spec: NonNullable<LogBackendSpec['file']>,
  labels: Record<string, string>,
  ctx: BackendContext,
): LogBackend {
  return {
    async search(q: LogSearch): Promise<BackendPage> {
      const cursor = parseCursor(q.cursor);
      const files = (await logFiles(spec, labels, ctx)).filter((f) => labelsMatch(f.labels, q.labels));
      const cursorRank = cursor ? files.findIndex((f) => f.path === cursor.p) : -1;
      const before = (ts: number, rank: number, off: number) =>
        !cursor ||
        ts < cursor.t ||
        (ts === cursor.t && cursorRank >= 0 && (rank < cursorRank || (rank === cursorRank && off < cursor.o)));
      const matches = textMatcher(q.query);
      const ring: Kept[] = [];
      let head = 0; // next slot to overwrite once the ring is full
      let total = 0;
      for (const [rank, file] of files.entries()) {
        if (file.mtime < q.start - 1000) continue; // written last before the range began
        const first = await fileStart(file);
        if (first !== undefined && first > q.end) continue;
        const year = new Date(file.mtime).getUTCFullYear();
        let from = 0;
        if (!file.gz && first !== undefined && first < q.start) {
          const fh = await open(file.real, 'r');
          try {
            from = await seekTime(fh, file.size, q.start, year);
          } finally {
            await fh.close();
          }
        }
        let ts = first ?? file.mtime; // a line without a time has its predecessor's
        await scanLines(
          openLines(file.real, file.gz, from),
          from,
          (text, off) => {
            ts = lineTime(text, year) ?? ts;
            if (ts < q.start) return true;
            if (ts > q.end) return false;
            if (!matches(text)) return true;
            total++;
            if (!before(ts, rank, off)) return true;
            const kept = { ts, text, off, file, rank };
            if (ring.length < q.limit) ring.push(kept);
            else {
              ring[head] = kept;
              head = (head + 1) % q.limit;
            }
            return true;
          },
          q.signal,
        );
      }
      const ordered = [...ring.slice(head), ...ring.slice(0, head)].reverse();
      return {
        total,
        lines: ordered.map((k) => ({
          ts: k.ts,
          line: toLogLine(`${k.file.path}:${k.off}`, k.text, k.ts, k.file.labels),
          cursor: JSON.stringify({ t: k.ts, p: k.file.path, o: k.off } satisfies Cursor),
        })),
      };
    },
  };
}
