import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { longLivedController, onAbort, runScope, sleep } from '../src/abort.js';

describe('run scopes', () => {
  it('abort with their parent, with its reason, until disposed', () => {
    const shutdown = longLivedController();
    const kept = runScope(shutdown.signal);
    const done = runScope(shutdown.signal);
    done.dispose();
    shutdown.abort(new Error('stopping'));
    expect(kept.signal.aborted).toBe(true);
    expect((kept.signal.reason as Error).message).toBe('stopping');
    expect(done.signal.aborted).toBe(false);
    kept.dispose();
  });

  it('put one listener on the parent however many runs are in flight', () => {
    const shutdown = longLivedController();
    const scopes = Array.from({ length: 5000 }, () => runScope(shutdown.signal, 60_000));
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(1);
    for (const s of scopes.slice(0, 4999)) s.dispose();
    shutdown.abort();
    expect(scopes.filter((s) => s.signal.aborted)).toHaveLength(1);
    scopes[4999]?.dispose();
  });

  it('leave no listener on the parent once the last run has ended', () => {
    const shutdown = longLivedController();
    const a = runScope(shutdown.signal);
    const b = runScope(shutdown.signal);
    a.dispose();
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(1);
    b.dispose();
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
    const c = runScope(shutdown.signal);
    shutdown.abort('later');
    expect(c.signal.reason).toBe('later');
    c.dispose();
  });

  it('abort at their deadline with the given reason', async () => {
    const scope = runScope(undefined, 20, () => new Error('timed out after 20ms'));
    await sleep(200, scope.signal);
    expect((scope.signal.reason as Error).message).toBe('timed out after 20ms');
    scope.dispose();
  });

  it('hand a clean signal to a later scope, never one that aborted or that something still listens to', async () => {
    const clean = runScope(undefined, 60_000);
    const reused = clean.signal;
    clean.dispose();
    const next = runScope(undefined, 60_000);
    expect(next.signal).toBe(reused);
    expect(next.signal.aborted).toBe(false);
    next.dispose();

    const timedOut = runScope(undefined, 1);
    await sleep(20);
    expect(timedOut.signal.aborted).toBe(true);
    timedOut.dispose();
    const listened = runScope(undefined, 60_000);
    listened.signal.addEventListener('abort', () => {});
    listened.dispose();
    const fresh = runScope(undefined, 60_000);
    expect(fresh.signal).not.toBe(timedOut.signal);
    expect(fresh.signal).not.toBe(listened.signal);
    expect(fresh.signal.aborted).toBe(false);
    fresh.dispose();
  });

  it('start aborted under a parent that already is', () => {
    const parent = new AbortController();
    parent.abort('gone');
    const scope = runScope(parent.signal);
    expect(scope.signal.reason).toBe('gone');
    scope.dispose();
  });
});

describe('onAbort', () => {
  it('calls back once, not after removal, and a throwing callback does not stop the others', async () => {
    const c = new AbortController();
    const calls: string[] = [];
    const thrown: unknown[] = [];
    const onUncaught = (err: unknown) => thrown.push(err);
    process.prependListener('uncaughtException', onUncaught);
    try {
      onAbort(c.signal, () => {
        throw new Error('first');
      });
      onAbort(c.signal, (reason) => calls.push(`second ${String(reason)}`));
      const removed = onAbort(c.signal, () => calls.push('removed'));
      removed();
      c.abort('why');
      c.abort('again');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(calls).toEqual(['second why']);
    expect((thrown[0] as Error | undefined)?.message).toBe('first');
  });
});

describe('a scope guarding work that may ignore its signal', () => {
  const never = () => new Promise<never>(() => {});

  it('answers the work when it settles first, and leaves nothing on the signal', async () => {
    const scope = runScope(undefined, 60_000);
    await expect(scope.guard(Promise.resolve('ok'))).resolves.toBe('ok');
    await expect(scope.guard(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(getEventListeners(scope.signal, 'abort')).toHaveLength(0);
    scope.dispose();
  });

  it('cuts the work off at its deadline with the deadline reason', async () => {
    const scope = runScope(undefined, 20, () => new Error('timed out after 20ms'));
    const started = performance.now();
    await expect(scope.guard(never())).rejects.toThrow('timed out after 20ms');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(scope.signal.aborted).toBe(true);
    scope.dispose();
  });

  it('cuts the work off when the parent aborts, and at once when it already had', async () => {
    const shutdown = longLivedController();
    const scope = runScope(shutdown.signal, 60_000);
    const guarded = scope.guard(never());
    shutdown.abort(new Error('stopping'));
    await expect(guarded).rejects.toThrow('stopping');
    scope.dispose();
    const late = runScope(shutdown.signal, 60_000);
    await expect(late.guard(never())).rejects.toThrow('stopping');
    await expect(late.guard(Promise.resolve('finished'))).resolves.toBe('finished');
    late.dispose();
  });
});
