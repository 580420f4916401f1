/**
 * The peer's `/coverage` route, as JavaScript source for a peer process that keeps `hits` (a Map
 * from a check's path to its arrival times, ascending, in epoch ms) and has `url` and `res`:
 * `?from=T` answers how many checks arrived at or after T; with `&detail=1` also each such
 * check's first arrival after T (ms from T, ascending) and, with `&gap=G`, how many checks ran
 * before T and again at or after T less than G ms apart (a run repeated across the restart; two
 * runs close together on one side of it are a late run followed by an on-time one).
 */
export const COVERAGE_ROUTE = `
  if (url.pathname === '/coverage') {
    const from = Number(url.searchParams.get('from'));
    const detail = url.searchParams.get('detail') === '1';
    const gap = Number(url.searchParams.get('gap') || 0);
    let covered = 0, doubles = 0; const firsts = [];
    for (const list of hits.values()) {
      let first, before;
      for (const t of list) {
        if (t < from) before = t;
        else if (first === undefined) first = t;
      }
      if (first !== undefined) { covered++; if (detail) firsts.push(first - from); }
      if (first !== undefined && before !== undefined && first - before < gap) doubles++;
    }
    firsts.sort((a, b) => a - b);
    res.end(JSON.stringify(detail ? { covered, doubles, firsts } : { covered })); return;
  }
`;

/** How the checks came back after a restart, from the peer's arrivals. */
export interface RestartCoverage {
  /** Checks that ran at least once since the start. */
  covered: number;
  /** Each covered check's first arrival after the start, ms from the start, ascending. */
  firsts: number[];
  /** Checks whose last run before the restart and first after were less than half an interval apart. */
  doubles: number;
}

/**
 * Polls the peer at `peerUrl` once a second until all `n` checks have arrived since `startedAt`
 * (epoch ms) or `deadline` passes, then answers the first arrivals and the double runs (a check
 * run again after the restart less than half an interval after its last run before it).
 */
export async function waitForCoverage(
  peerUrl: string,
  o: { n: number; startedAt: number; intervalMs: number; deadline: number },
): Promise<RestartCoverage> {
  const ask = async <T>(query: string) => (await (await fetch(`${peerUrl}/coverage?${query}`)).json()) as T;
  while (Date.now() < o.deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const { covered } = await ask<{ covered: number }>(`from=${o.startedAt}`);
    if (covered >= o.n) break;
  }
  return ask<RestartCoverage>(`from=${o.startedAt}&detail=1&gap=${o.intervalMs / 2}`);
}

/** Seconds from the start until share `q` of `n` checks had run again; NaN when fewer did. */
export function coveredAfterS(c: RestartCoverage, n: number, q: number): number {
  const needed = Math.ceil(q * n);
  if (needed === 0 || c.firsts.length < needed) return Number.NaN;
  return (c.firsts[needed - 1] as number) / 1000;
}

/** Checks that did not run again within `withinMs` of the start. */
export function missedWithin(c: RestartCoverage, n: number, withinMs: number): number {
  return n - c.firsts.filter((t) => t <= withinMs).length;
}
