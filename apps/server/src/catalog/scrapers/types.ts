import type { z } from 'zod';
import type { ResolvedConnection } from '../../integrations/connection.js';
import type { SandboxConfig } from '../../sandbox/config.js';
import type { FileAccess } from '../../sandbox/fileRoots.js';
import type { ItemRelationship } from '../transform/relationship.js';

/**
 * The contract every scraper in `catalog/scrapers/<type>.ts` implements. A scraper only reads its
 * source and hands back documents; the engine owns everything the BaseScraper fields say (items
 * split, id/name/type/class/health/status, labels, tags, transform) and the storing of items and
 * changes, so every type behaves the same way there.
 */

export interface ScrapeContext {
  /** Aborted on timeout or shutdown; pass it to every network call. */
  signal: AbortSignal;
  timeoutMs: number;
  now(): Date;
  /** Resolves `connection://namespace/name` (or a bare name) to a stored connection. */
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  /** Resolves an env-var source (`{value}` or `{valueFrom: ...}`) to a string. */
  resolveEnv(source: unknown): Promise<string | undefined>;
  /** The directories file-reading scrapers may read (sandbox/fileRoots.ts). */
  fileRoots: FileAccess;
  /** How code runs on the server (exec scrapers): OPSDECK_EXEC and the sandbox user. */
  sandbox: Pick<SandboxConfig, 'exec' | 'user'>;
}

/** A change a scraper reports itself (a Kubernetes event, an embedded `changes` entry of `full: true`). */
export interface ExternalChange {
  /** The item it is about: its external id, and its type when known. */
  externalId: string;
  configType?: string;
  externalChangeId: string;
  changeType: string;
  severity?: string;
  source?: string;
  summary?: string;
  details?: unknown;
  patches?: unknown;
  diff?: string;
  createdBy?: string;
  createdAt?: Date;
  /** How many times the source saw it (a Kubernetes event's count). */
  count?: number;
  /** delete: the item is gone; ignore: not recorded (also what a changes.mapping may set). */
  action?: string;
  /** transform.changes.mapping's ancestor_type: move-up / copy-up go to the nearest ancestor of it. */
  ancestorType?: string;
}

/** An insight a scraper reports (an embedded `analysis` entry of `full: true`). */
export interface ExternalAnalysis {
  externalId: string;
  configType?: string;
  analyzer: string;
  analysisType?: string;
  severity?: string;
  summary?: string;
  message?: string;
  status?: string;
  source?: string;
  analysis?: unknown;
}

/** Item attributes a scraper knows itself (a Kubernetes object's uid, kind, name); the spec's fields win. */
export interface DocumentAttributes {
  id?: string;
  type?: string;
  name?: string;
  class?: string;
  status?: string;
  health?: string;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  createdAt?: Date;
  deletedAt?: Date;
  /** The item this one belongs to (a Kubernetes owner reference): a hard relationship. */
  parent?: { type: string; externalId: string };
  /** Soft relationships the scraper asks for (Kubernetes `relationships`), resolved when stored. */
  relationships?: ItemRelationship[];
  /** What went wrong working those out, for the run's errors. */
  errors?: string[];
}

/** One document a scraper read: parsed JSON/YAML (or text), before the engine extracts items. */
export interface ScrapedDocument {
  config: unknown;
  /** Where it came from (a file path, a query), stored as config_items.source. */
  source?: string;
  attributes?: DocumentAttributes;
}

/** What one run of one scraper read. A document it could not read is an error, the rest still count. */
export interface ScrapeOutput {
  documents: ScrapedDocument[];
  errors: string[];
  /** Changes the source reported itself. */
  changes?: ExternalChange[];
  analysis?: ExternalAnalysis[];
  /** Only part of the source was read on purpose (Kubernetes `since`): nothing unseen is deleted. */
  incomplete?: boolean;
}

/** A scraper type: its spec schema and its scrape function. */
export interface ScraperType<Spec = unknown> {
  type: string;
  schema: z.ZodType<Spec>;
  scrape(spec: Spec, ctx: ScrapeContext): Promise<ScrapeOutput>;
}
