import {
  type BaseScraper,
  canaryIssues,
  formatPath,
  RELATIONSHIP_SELECTOR_FIELDS,
  type ScrapeConfigResource,
  type ScrapeTransform,
  scrapeConfigSchema,
  scrapeConfigScrapers,
  scrapeSchedule,
} from '@opsdeck/schema';
import { compileCel, compileJavaScript, compileTemplate } from '../expr/index.js';
import { parseSchedule, ScheduleError } from '../health/index.js';
import { parseResourceFile, type ResourceIssue, ResourceValidationError } from '../resourceYaml.js';

/** A ScrapeConfig document that failed validation: every problem with the path that has it. */
export class ScrapeConfigValidationError extends ResourceValidationError {}

/**
 * Validates one ScrapeConfig document (already parsed from YAML or JSON): the zod schema of the
 * registered scraper types, the syntax of every transform expression, then the schedule with the
 * cron parser the scheduler uses.
 */
export function validateScrapeConfig(doc: unknown): ScrapeConfigResource {
  const parsed = scrapeConfigSchema().safeParse(doc);
  if (!parsed.success) throw new ScrapeConfigValidationError(canaryIssues(parsed.error));
  const config = parsed.data;
  const issues: ResourceIssue[] = [];
  for (const { type, index, scraper } of scrapeConfigScrapers(config.spec)) {
    const transform = scraper.transform as ScrapeTransform | undefined;
    if (transform) issues.push(...transformIssues(transform, ['spec', type, index, 'transform']));
    issues.push(...propertyIssues((scraper as BaseScraper).properties, ['spec', type, index, 'properties']));
  }
  if (issues.length) throw new ScrapeConfigValidationError(issues);
  try {
    parseSchedule(scrapeSchedule(config.spec), config.metadata.name);
  } catch (err) {
    if (err instanceof ScheduleError) {
      throw new ScrapeConfigValidationError([{ path: 'spec.schedule', message: err.message }]);
    }
    throw err;
  }
  return config;
}

/** The CEL, template and JavaScript expressions of a transform that do not parse. */
function transformIssues(t: ScrapeTransform, at: PropertyKey[]): ResourceIssue[] {
  const out: ResourceIssue[] = [];
  const check = (path: PropertyKey[], source: string | undefined, compile: (s: string) => void) => {
    if (!source) return;
    try {
      compile(source);
    } catch (err) {
      out.push({ path: formatPath([...at, ...path]), message: err instanceof Error ? err.message : String(err) });
    }
  };
  check(['expr'], t.expr, compileCel);
  check(['gotemplate'], t.gotemplate, compileTemplate);
  check(['javascript'], t.javascript, compileJavaScript);
  t.mask?.forEach((m, i) => {
    check(['mask', i, 'selector'], m.selector, compileCel);
  });
  t.relationship?.forEach((r, i) => {
    check(['relationship', i, 'filter'], r.filter, compileCel);
    check(['relationship', i, 'expr'], r.expr, compileCel);
    for (const f of RELATIONSHIP_SELECTOR_FIELDS) {
      const l = r[f];
      if (l && typeof l === 'object') check(['relationship', i, f, 'expr'], l.expr, compileCel);
    }
    for (const [k, l] of Object.entries(r.labels ?? {})) {
      if (typeof l === 'object') check(['relationship', i, 'labels', k, 'expr'], l.expr, compileCel);
    }
  });
  t.changes?.mapping?.forEach((m, i) => {
    check(['changes', 'mapping', i, 'filter'], m.filter, compileCel);
  });
  t.changes?.exclude?.forEach((e, i) => {
    check(['changes', 'exclude', i], e, compileCel);
  });
  return out;
}

/** The property filters (CEL) and templates that do not parse. */
function propertyIssues(props: BaseScraper['properties'], at: PropertyKey[]): ResourceIssue[] {
  const out: ResourceIssue[] = [];
  props?.forEach((p, i) => {
    const fields: Array<[PropertyKey[], unknown, (s: string) => void]> = [[['filter'], p.filter, compileCel]];
    for (const k of ['text', 'tooltip', 'icon']) fields.push([[k], p[k], compileTemplate]);
    if (Array.isArray(p.links)) {
      p.links.forEach((l: { url?: unknown; label?: unknown } | null, j: number) => {
        fields.push([['links', j, 'url'], l?.url, compileTemplate], [['links', j, 'label'], l?.label, compileTemplate]);
      });
    }
    for (const [path, source, compile] of fields) {
      if (typeof source !== 'string' || !source) continue;
      try {
        compile(source);
      } catch (err) {
        out.push({ path: formatPath([...at, i, ...path]), message: err instanceof Error ? err.message : String(err) });
      }
    }
  });
  return out;
}

/** Parses a YAML (or JSON) text holding one or more ScrapeConfig documents. */
export function parseScrapeConfigFile(text: string, file = 'input'): ScrapeConfigResource[] {
  return parseResourceFile(text, file, { ScrapeConfig: validateScrapeConfig }).map((r) => r.resource);
}
