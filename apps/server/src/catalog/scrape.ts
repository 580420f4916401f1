import {
  type BaseScraper,
  parseDuration,
  type ScrapeConfigResource,
  type ScrapeTransform,
  scrapeConfigScrapers,
} from '@opsdeck/schema';
import { runScope } from '../abort.js';
import type { Clock } from '../clock.js';
import { type ConnectionResolver, resolveEnvSource } from '../connections/store.js';
import type { Db } from '../db/connection.js';
import { runJob } from '../jobs/jobHistory.js';
import type { SandboxConfig } from '../sandbox/config.js';
import { DEFAULT_SANDBOX } from '../sandbox/config.js';
import type { FileAccess } from '../sandbox/fileRoots.js';
import { type ExternalAccess, hasAccess } from './accessExtract.js';
import type { ChangeMapping } from './external.js';
import { extractItems, type ScrapedItem } from './extract.js';
import { extractFull } from './fullMode.js';
import { ingestScrape, type ScrapeSummary } from './ingest.js';
import { maskErrorTexts } from './maskErrors.js';
import { scraperTypeFor } from './scrapers/registry.js';
import type { ExternalAnalysis, ExternalChange, ScrapeContext, ScrapedDocument } from './scrapers/types.js';

/**
 * Runs a ScrapeConfig once. `collectScrape` reads every scraper of the config and extracts its
 * items without touching the database (what `opsdeck scrape` prints); `runScrape` also stores
 * them (ingest.ts) under a job_history row with the scrape summary.
 */

export interface ScrapeOptions {
  clock: Clock;
  fileRoots: FileAccess;
  /** How exec scrapers run (OPSDECK_EXEC, the sandbox user); default: as exec checks by default. */
  sandbox?: Pick<SandboxConfig, 'exec' | 'user'>;
  /** Stored connections and secrets; without it `connection://` and valueFrom fail with a clear error. */
  resolver?: ConnectionResolver;
  signal?: AbortSignal;
  /** Per-scraper deadline; default the spec's timeout, else 5 minutes. */
  timeoutMs?: number;
}

/** One scraper of the config and what it produced. */
export interface ScraperResult {
  /** `file[0]`, `sql[1]`: where it sits in the spec. */
  scraper: string;
  type: string;
  items: ScrapedItem[];
  errors: string[];
  changesExclude: string[];
  changesMapping: ChangeMapping[];
  /** Changes and insights the scraper reported itself (events, `full: true` entries). */
  changes: ExternalChange[];
  analysis: ExternalAnalysis[];
  /** Access entries of `full: true` documents. */
  access: ExternalAccess[];
  /** The scraper read only part of its source on purpose (Kubernetes `since`). */
  incomplete?: boolean;
}

export interface CollectedScrape {
  results: ScraperResult[];
  /** Settings of the spec this version accepts but does not apply yet, named by path. */
  warnings: string[];
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Transform settings that validate but are not applied yet, so a run says so instead of staying silent. */
function pendingTransform(t: ScrapeTransform | undefined, at: string): string[] {
  if (!t) return [];
  const pending: Array<[string, unknown]> = [['locations', t.locations?.length]];
  const out = pending.filter(([, v]) => v).map(([name]) => `${at}.transform.${name} is not applied yet`);
  t.changes?.mapping?.forEach((m, i) => {
    const where = `${at}.transform.changes.mapping[${i}]`;
    if (m.action && !['ignore', 'delete', 'move-up', 'copy-up'].includes(m.action))
      out.push(`${where}.action ${m.action} is not applied yet`);
    for (const f of ['config_id', 'config_type', 'scraper_id', 'target'] as const) {
      if (m[f]) out.push(`${where}.${f} is not applied yet`);
    }
  });
  return out;
}

function timeoutOf(config: ScrapeConfigResource, opts: ScrapeOptions): number {
  if (opts.timeoutMs) return opts.timeoutMs;
  const t = config.spec.timeout;
  if (typeof t === 'number') return t * 1000;
  return (t && parseDuration(t)) || DEFAULT_TIMEOUT_MS;
}

function contextFor(opts: ScrapeOptions, signal: AbortSignal, timeoutMs: number, namespace: string): ScrapeContext {
  const resolver = opts.resolver;
  return {
    signal,
    timeoutMs,
    now: () => opts.clock.now(),
    fileRoots: opts.fileRoots,
    sandbox: opts.sandbox ?? DEFAULT_SANDBOX,
    resolveConnection: async (ref) => {
      if (!resolver) throw new Error(`connection ${ref} cannot be resolved without a database (set DATABASE_URL)`);
      return resolver.resolve(ref, namespace);
    },
    resolveEnv: async (source) => {
      if (resolver) return resolveEnvSource(resolver, source, namespace);
      const s = source as { value?: string; valueFrom?: unknown } | undefined;
      if (s?.valueFrom) throw new Error('secretKeyRef/configMapKeyRef need a database with connections');
      return typeof source === 'string' ? source : s?.value;
    },
  };
}

/** Reads every scraper of `config` and extracts its items; a scraper that throws is an error, not a crash. */
export async function collectScrape(config: ScrapeConfigResource, opts: ScrapeOptions): Promise<CollectedScrape> {
  const results: ScraperResult[] = [];
  const warnings: string[] = [];
  const timeoutMs = timeoutOf(config, opts);
  const namespace = config.metadata.namespace ?? 'default';
  for (const { type, index, scraper } of scrapeConfigScrapers(config.spec)) {
    const at = `${type}[${index}]`;
    const spec = scraper as BaseScraper;
    warnings.push(...pendingTransform(spec.transform, `spec.${at}`));
    const result: ScraperResult = {
      scraper: at,
      type,
      items: [],
      errors: [],
      changesExclude: spec.transform?.changes?.exclude ?? [],
      changesMapping: spec.transform?.changes?.mapping ?? [],
      changes: [],
      analysis: [],
      access: [],
    };
    results.push(result);
    const member = scraperTypeFor(type);
    if (!member) {
      result.errors.push(`${at}: scraper type ${type} is not supported yet`);
      continue;
    }
    // one listener on the caller's long-lived signal, removed when this scraper is done (abort.ts)
    const scope = runScope(opts.signal, timeoutMs);
    const signal = scope.signal;
    try {
      const output = await member.scrape(scraper as never, contextFor(opts, signal, timeoutMs, namespace));
      result.errors.push(...output.errors.map((e) => `${at}: ${e}`));
      result.changes.push(...(output.changes ?? []));
      result.analysis.push(...(output.analysis ?? []));
      if (output.incomplete) result.incomplete = true;
      for (const scraped of output.documents) {
        let doc: ScrapedDocument | undefined = scraped;
        if (config.spec.full) {
          const full = extractFull(scraped);
          result.changes.push(...full.changes);
          result.analysis.push(...full.analysis);
          if (hasAccess(full.access)) result.access.push(full.access);
          warnings.push(...full.warnings.map((w) => `${at}: ${w}`));
          doc = full.document;
        }
        if (!doc) continue;
        const { items, changes, errors } = await extractItems(spec, doc);
        result.items.push(...items);
        result.changes.push(...changes);
        result.errors.push(...errors.map((e) => `${at}: ${e}`));
      }
    } catch (err) {
      const message =
        signal.aborted && !opts.signal?.aborted ? `timed out after ${timeoutMs}ms` : (err as Error).message;
      result.errors.push(`${at}: ${message}`);
    } finally {
      scope.dispose();
    }
  }
  return { results, warnings };
}

/** How long an unseen item stays: retention.staleItemAge, 'keep' = forever; unset = gone at the next clean scrape. */
function staleAfterMs(config: ScrapeConfigResource): number | undefined {
  const age = config.spec.retention?.staleItemAge;
  if (age === 'keep') return undefined;
  return age ? (parseDuration(age) ?? 0) : 0;
}

export interface ScrapeRun {
  summary: ScrapeSummary;
  errors: string[];
  warnings: string[];
}

/** The dedupe window of diff changes (Mission Control's default `changes.dedup.window`). */
export const DEFAULT_DEDUP_WINDOW_MS = 60 * 60_000;

/**
 * Scrapes and stores a saved scraper once, as a job (job_history name `scrape`, resource type
 * `config_scraper`): SUCCESS, WARNING (some scrapers failed) or FAILED (nothing scraped), with
 * details.scrape_summary, errors and warnings.
 */
export async function runScrape(
  db: Db,
  scraper: { id: string; config: ScrapeConfigResource },
  opts: ScrapeOptions & { dedupWindowMs?: number },
): Promise<ScrapeRun> {
  let run: ScrapeRun | undefined;
  await runJob(db, opts.clock, { name: 'scrape', resourceType: 'config_scraper', resourceId: scraper.id }, async () => {
    const collected = await collectScrape(scraper.config, opts);
    const errors = await maskErrorTexts(
      db,
      collected.results.flatMap((r) => r.errors),
    );
    const summary = await ingestScrape(
      db,
      collected.results.map((r) => ({
        items: r.items,
        changesExclude: r.changesExclude,
        changesMapping: r.changesMapping,
        changes: r.changes,
        analysis: r.analysis,
        access: r.access,
      })),
      {
        scraperId: scraper.id,
        now: opts.clock.now(),
        failed: errors.length > 0,
        // a scrape that read part of its source on purpose stores what it read and deletes nothing
        partial: collected.results.some((r) => r.incomplete),
        staleAfterMs: staleAfterMs(scraper.config),
        dedupWindowMs: opts.dedupWindowMs ?? DEFAULT_DEDUP_WINDOW_MS,
      },
    );
    run = { summary, errors, warnings: collected.warnings };
    const seen = summary.added + summary.updated + summary.unchanged;
    return {
      success: seen,
      errors,
      details: { scrape_summary: summary, ...(collected.warnings.length ? { warnings: collected.warnings } : {}) },
    };
  });
  return run as ScrapeRun;
}
