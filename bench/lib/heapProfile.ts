import { readFileSync } from 'node:fs';
import path from 'node:path';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** A frame's bytes in a sampling heap profile: allocated by itself, and by it and what it called. */
export interface HeapFrame {
  frame: string;
  selfBytes: number;
  totalBytes: number;
}

/**
 * The allocation sites of a sampling heap profile (`HeapProfiler.stopSampling`) with the most
 * bytes, merged by function and location, by their own allocations or with their callees'.
 */
export function topAllocations(
  file: string,
  count = 20,
  by: 'selfBytes' | 'totalBytes' = 'selfBytes',
): { frames: HeapFrame[]; totalBytes: number } {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
  const frames = new Map<string, HeapFrame>();
  const name = (n: HeapNode) => {
    const f = n.callFrame;
    const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'} ${where}`.trim();
  };
  const entry = (key: string) => {
    const e = frames.get(key) ?? { frame: key, selfBytes: 0, totalBytes: 0 };
    frames.set(key, e);
    return e;
  };
  let totalBytes = 0;
  // returns the subtree's bytes; each distinct frame on a path counts a subtree once
  const walk = (n: HeapNode, onStack: Set<string>): number => {
    const key = name(n);
    entry(key).selfBytes += n.selfSize;
    totalBytes += n.selfSize;
    const fresh = !onStack.has(key);
    if (fresh) onStack.add(key);
    let sum = n.selfSize;
    for (const c of n.children) sum += walk(c, onStack);
    if (fresh) {
      onStack.delete(key);
      entry(key).totalBytes += sum;
    }
    return sum;
  };
  walk(head, new Set());
  const sorted = [...frames.values()].filter((f) => f.frame !== '(root)').sort((a, b) => b[by] - a[by]);
  return { frames: sorted.slice(0, count), totalBytes };
}
