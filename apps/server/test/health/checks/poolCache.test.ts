import { describe, expect, it } from 'vitest';
import { PoolCache } from '../../../src/integrations/poolCache.js';

interface FakePool {
  id: string;
  closed: boolean;
}

function cache(maxEntries: number, idleMs = 60_000) {
  const opened: FakePool[] = [];
  const pools = new PoolCache<FakePool>({
    maxEntries,
    idleMs,
    close: async (p) => {
      p.closed = true;
    },
  });
  const open = (id: string) => async () => {
    const p = { id, closed: false };
    opened.push(p);
    return p;
  };
  return { pools, opened, open };
}

describe('pool cache', () => {
  it('reuses one pool per key', async () => {
    const { pools, opened, open } = cache(4);
    await Promise.all([1, 2, 3].map(() => pools.use('a', open('a'), async () => 1)));
    expect(opened).toHaveLength(1);
    expect(pools.size).toBe(1);
    await pools.closeAll();
    expect(opened[0]?.closed).toBe(true);
  });

  it('closes the least recently used pool past the bound, after its run ends', async () => {
    const { pools, opened, open } = cache(2);
    let release: () => void = () => {};
    const busy = pools.use('a', open('a'), () => new Promise<void>((r) => (release = r)));
    await pools.use('b', open('b'), async () => {});
    await pools.use('c', open('c'), async () => {});
    expect(pools.size).toBe(2);
    expect(opened[0]?.closed).toBe(false); // still in use
    release();
    await busy;
    await new Promise((r) => setImmediate(r));
    expect(opened.map((p) => [p.id, p.closed])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    await pools.closeAll();
  });

  it('does not keep a pool whose creation failed', async () => {
    const { pools, open } = cache(2);
    await expect(
      pools.use(
        'a',
        async () => {
          throw new Error('connect ECONNREFUSED');
        },
        async () => {},
      ),
    ).rejects.toThrow('ECONNREFUSED');
    await new Promise((r) => setImmediate(r));
    expect(pools.size).toBe(0);
    await pools.use('a', open('a'), async () => {});
    expect(pools.size).toBe(1);
    await pools.closeAll();
  });

  it('closes pools left idle', async () => {
    const { pools, opened, open } = cache(4, 100);
    await pools.use('a', open('a'), async () => {});
    await new Promise((r) => setTimeout(r, 1200));
    expect(pools.size).toBe(0);
    expect(opened[0]?.closed).toBe(true);
  });
});
