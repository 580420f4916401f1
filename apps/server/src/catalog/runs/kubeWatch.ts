import { type KubernetesScraper, type ScrapeConfigResource, scrapeConfigScrapers } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import { type ConnectionResolver, resolveEnvSource } from '../../connections/store.js';
import type { Db } from '../../db/connection.js';
import { loadKubernetes } from '../../integrations/kube/config.js';
import { extractItems } from '../extract.js';
import { ingestScrape } from '../ingest.js';
import { DEFAULT_DEDUP_WINDOW_MS } from '../scrape.js';
import {
  DEFAULT_KINDS,
  eventRules,
  excludedObject,
  kubeClient,
  kubeErrorText,
  scraperKubeConfig,
} from '../scrapers/kubernetes.js';
import { eventChange, type KubeObject, objectDocument, typeOf } from '../scrapers/lib/kubeObjects.js';
import type { ExternalChange, ScrapeContext } from '../scrapers/types.js';
import { scrapeConfigOf } from './run.js';

/**
 * Keeps the items of kubernetes scrapers current between scheduled scrapes: for each kind it
 * lists (the collection's resourceVersion) then watches from there through the official client;
 * added and modified objects are stored, deleted ones soft-deleted (reason FROM_EVENT), events
 * recorded as changes. Updates are gathered for `flushMs` and stored together (a burst of
 * modifications of one object is one write), as a partial ingest: nothing unseen is deleted.
 * A watch that ends (the API server closes it, or fails) is listed and watched again after
 * `retryMs`. Only the process that holds a scraper's schedule claim (it ran its last scheduled
 * scrape) watches it, so processes never double the work; the manager re-checks on `sync()`.
 */

/** Updates held at most before a flush is forced. */
const MAX_PENDING = 5000;

interface Options {
  db: Db;
  clock: Clock;
  owner: string;
  resolver?: ConnectionResolver;
  flushMs?: number;
  retryMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface Running {
  updatedAt: number;
  stop(): Promise<void>;
}

export class KubeWatchManager {
  private readonly running = new Map<string, Running>();
  constructor(private readonly opts: Options) {}

  /** Scrapers watched now. */
  watching(): string[] {
    return [...this.running.keys()];
  }

  /** Starts watching the kubernetes scrapers this process holds, stops the others. */
  async sync(): Promise<void> {
    const { rows } = await sql<{ id: string; name: string; namespace: string; spec: unknown; updated_at: Date }>`
      select s.id, s.name, s.namespace, s.spec, s.updated_at from config_scrapers s
      join config_scraper_schedules c on c.scraper_id = s.id
      where s.deleted_at is null and s.spec ? 'kubernetes' and c.claimed_by = ${this.opts.owner}`.execute(
      this.opts.db.kysely,
    );
    const wanted = new Map(rows.map((r) => [r.id, r]));
    for (const [id, run] of this.running) {
      const row = wanted.get(id);
      if (!row || row.updated_at.getTime() !== run.updatedAt) {
        this.running.delete(id);
        await run.stop();
      }
    }
    for (const row of rows) {
      if (this.running.has(row.id)) continue;
      const config = scrapeConfigOf(row);
      if (Array.isArray(config)) continue; // an invalid spec fails its scheduled runs instead
      this.running.set(row.id, { updatedAt: row.updated_at.getTime(), ...this.watchScraper(row.id, config) });
    }
  }

  async stop(): Promise<void> {
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map((r) => r.stop()));
  }

  private watchScraper(scraperId: string, config: ScrapeConfigResource): Pick<Running, 'stop'> {
    const controller = new AbortController();
    const entries = scrapeConfigScrapers(config.spec)
      .filter((s) => s.type === 'kubernetes')
      .map(({ scraper }) => ({ spec: scraper as KubernetesScraper, pending: emptyPending() }));
    let timer: NodeJS.Timeout | undefined;
    let flushing: Promise<void> = Promise.resolve();
    const namespace = config.metadata.namespace ?? 'default';
    const size = () =>
      entries.reduce((n, e) => n + e.pending.objects.size + e.pending.deleted.size + e.pending.changes.length, 0);

    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const batches = entries.map((e) => {
        const taken = { spec: e.spec, pending: e.pending };
        e.pending = emptyPending();
        return taken;
      });
      if (!batches.some((b) => b.pending.objects.size || b.pending.deleted.size || b.pending.changes.length))
        return flushing;
      flushing = flushing.then(() =>
        this.store(scraperId, batches).catch((err) =>
          this.opts.log?.warn({ err, scraper: scraperId }, 'kubernetes watch: storing updates failed'),
        ),
      );
      return flushing;
    };
    const schedule = () => {
      if (size() >= MAX_PENDING) void flush();
      else timer ??= setTimeout(() => void flush(), this.opts.flushMs ?? 1000);
    };

    const watches = entries.map((entry) =>
      this.watchEntry(entry.spec, namespace, controller.signal, {
        object: (phase, o) => {
          const uid = o.metadata?.uid;
          if (!uid || excludedObject(o, entry.spec)) return;
          if (phase === 'DELETED') {
            entry.pending.objects.delete(uid);
            entry.pending.deleted.add(uid);
          } else {
            entry.pending.deleted.delete(uid);
            entry.pending.objects.set(uid, o);
          }
          schedule();
        },
        event: (e) => {
          const change = eventChange(e, eventRules(entry.spec));
          if (change) entry.pending.changes.push(change);
          schedule();
        },
      }),
    );
    return {
      stop: async () => {
        controller.abort();
        await Promise.allSettled(watches);
        await flush();
      },
    };
  }

  /** Lists then watches every kind of one kubernetes scraper until `signal` aborts. */
  private async watchEntry(
    spec: KubernetesScraper,
    namespace: string,
    signal: AbortSignal,
    on: { object(phase: string, o: KubeObject): void; event(e: KubeObject): void },
  ): Promise<void> {
    const ctx = this.context(namespace, signal);
    const kinds = [...(spec.watch?.length ? spec.watch : DEFAULT_KINDS), { apiVersion: 'v1', kind: 'Event' }];
    const k8s = await loadKubernetes();
    const kc = await scraperKubeConfig(spec, ctx);
    const client = await kubeClient(kc);
    const watch = new k8s.Watch(kc);
    await Promise.all(
      kinds.map(async ({ apiVersion, kind }) => {
        while (!signal.aborted) {
          try {
            const resource = await client.resourceOf(apiVersion, kind);
            if (!resource) return; // not served: the scheduled scrape reports it when asked for
            const ns = resource.namespaced ? spec.namespace || undefined : undefined;
            const head = await client.list(
              apiVersion,
              kind,
              ns,
              undefined,
              undefined,
              undefined,
              spec.fieldSelector,
              kind === 'Event' ? undefined : spec.selector,
              1,
            );
            const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
            const path = `${base}${ns ? `/namespaces/${ns}` : ''}/${resource.name}`;
            await new Promise<void>((resolve) => {
              const query: Record<string, string> = { resourceVersion: head.metadata?.resourceVersion ?? '0' };
              if (kind !== 'Event' && spec.selector) query.labelSelector = spec.selector;
              if (spec.fieldSelector && kind !== 'Event') query.fieldSelector = spec.fieldSelector;
              let abort: AbortController | undefined;
              // the client does not always call `done` for a watch aborted from here
              const onAbort = () => {
                abort?.abort();
                resolve();
              };
              signal.addEventListener('abort', onAbort, { once: true });
              watch
                .watch(
                  path,
                  query,
                  (phase, obj) => {
                    const o = JSON.parse(JSON.stringify(obj)) as KubeObject;
                    if (kind === 'Event') on.event(o);
                    else on.object(phase, { ...o, apiVersion, kind });
                  },
                  (err) => {
                    signal.removeEventListener('abort', onAbort);
                    if (err && !signal.aborted)
                      this.opts.log?.warn({ err: kubeErrorText(err) }, `kubernetes watch of ${kind} ended`);
                    resolve();
                  },
                )
                .then((c) => {
                  abort = c;
                  if (signal.aborted) c.abort();
                })
                .catch(() => resolve());
            });
          } catch (err) {
            if ((err as { code?: number }).code === 404) return; // a kind this server does not serve
            this.opts.log?.warn({ err: kubeErrorText(err) }, `kubernetes watch of ${kind} failed`);
          }
          if (!signal.aborted) await new Promise((r) => setTimeout(r, this.opts.retryMs ?? 5000));
        }
      }),
    );
  }

  private context(namespace: string, signal: AbortSignal): ScrapeContext {
    const resolver = this.opts.resolver;
    return {
      signal,
      timeoutMs: 60_000,
      now: () => this.opts.clock.now(),
      fileRoots: { fileRoots: [] },
      sandbox: { exec: 'off', user: 'nobody' },
      resolveConnection: async (ref) => {
        if (!resolver) throw new Error(`connection ${ref} cannot be resolved without a database`);
        return resolver.resolve(ref, namespace);
      },
      resolveEnv: async (source) => {
        const s = source as { value?: string } | undefined;
        return resolver ? resolveEnvSource(resolver, source, namespace) : s?.value;
      },
    };
  }

  /** Stores one flush: objects (partial ingest, parents included), deletions, event changes. */
  private async store(scraperId: string, batches: Array<{ spec: KubernetesScraper; pending: Pending }>): Promise<void> {
    const now = this.opts.clock.now();
    const { rows } = await sql<{ name: string; uid: string }>`
      select name, external_id[1] as uid from config_items
      where scraper_id = ${scraperId} and type = ${typeOf('Namespace')} and deleted_at is null`.execute(
      this.opts.db.kysely,
    );
    const namespaces = new Map(rows.map((r) => [r.name, r.uid]));
    const scraped = [];
    for (const { spec, pending } of batches) {
      for (const o of pending.objects.values()) {
        if (o.kind === 'Namespace' && o.metadata?.name && o.metadata.uid)
          namespaces.set(o.metadata.name, o.metadata.uid);
      }
      const items = [];
      for (const o of pending.objects.values()) {
        items.push(
          ...(await extractItems(spec, objectDocument(o, spec.clusterName, namespaces, spec.relationships))).items,
        );
      }
      scraped.push({
        items,
        changesExclude: spec.transform?.changes?.exclude ?? [],
        changesMapping: spec.transform?.changes?.mapping ?? [],
        changes: pending.changes,
      });
    }
    if (scraped.some((b) => b.items.length || b.changes.length)) {
      await ingestScrape(this.opts.db, scraped, {
        scraperId,
        now,
        failed: false,
        partial: true,
        staleAfterMs: undefined,
        dedupWindowMs: DEFAULT_DEDUP_WINDOW_MS,
      });
    }
    const uids = batches.flatMap((b) => [...b.pending.deleted]);
    if (uids.length) {
      await sql`
        update config_items set deleted_at = ${now}, delete_reason = 'FROM_EVENT', updated_at = ${now}
        where scraper_id = ${scraperId} and deleted_at is null and external_id[1] = any(${uids}::text[])`.execute(
        this.opts.db.kysely,
      );
    }
  }
}

interface Pending {
  objects: Map<string, KubeObject>;
  deleted: Set<string>;
  changes: ExternalChange[];
}

const emptyPending = (): Pending => ({ objects: new Map(), deleted: new Set(), changes: [] });
