import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's share of a CPU profile: its own time (self) and with what it called (total). */
export interface TopFrame {
  frame: string;
  selfMs: number;
  totalMs: number;
}

/**
 * The functions of a `.cpuprofile` (node --cpu-prof) with the most time of their own, and the
 * time spent in them and what they called, merged by function and location: the widest boxes
 * of the flame graph's bottom and top. Samples in the first `skipMs` of the profile (start-up,
 * warm-up) are left out.
 */
export function topFrames(
  file: string,
  count = 20,
  skipMs = 0,
  by: 'selfMs' | 'totalMs' = 'selfMs',
): { frames: TopFrame[]; totalMs: number; idleMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    if (at >= skipMs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode) => {
    const f = n.callFrame;
    const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'} ${where}`.trim();
  };
  const frames = new Map<string, TopFrame>();
  let totalMs = 0;
  let idleMs = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    totalMs += ms;
    if (node.callFrame.functionName === '(idle)') idleMs += ms;
    const own = name(node);
    const entry = frames.get(own) ?? { frame: own, selfMs: 0, totalMs: 0 };
    entry.selfMs += ms;
    frames.set(own, entry);
    // each distinct frame on the stack gets the sample's time once
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at);
      if (!n) break;
      const key = name(n);
      if (seen.has(key)) continue;
      seen.add(key);
      const e = frames.get(key) ?? { frame: key, selfMs: 0, totalMs: 0 };
      e.totalMs += ms;
      frames.set(key, e);
    }
  }
  const sorted = [...frames.values()].filter((f) => !f.frame.startsWith('(idle)')).sort((a, b) => b[by] - a[by]);
  return { frames: sorted.slice(0, count), totalMs, idleMs };
}
