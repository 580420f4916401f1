import type { HttpCheck } from '@opsdeck/schema';
import { type HttpResponse, send } from '../../../integrations/http/client.js';

/** canary-checker's crawl has no page limit; this one stops a link farm from running for ever. */
export const MAX_CRAWL_PAGES = 100;

export interface CrawlReport {
  pages: number;
  broken: { url: string; status: number | string; from: string }[];
}

const LINK = /<(?:a|link)\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** Links of an HTML page as absolute URLs without their fragment. */
export function pageLinks(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(LINK)) {
    const href = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!href || /^(mailto|tel|javascript|data):/i.test(href)) continue;
    try {
      const u = new URL(href, base);
      u.hash = '';
      if (u.protocol === 'http:' || u.protocol === 'https:') out.add(u.toString());
    } catch {
      // not a URL: nothing to follow
    }
  }
  return [...out];
}

/**
 * Breadth-first from the page already fetched: follows links on the same origin (or an allowed
 * domain) up to `depth` hops and MAX_CRAWL_PAGES pages, and reports every link that answers
 * 4xx/5xx or does not answer. Links to other hosts are not fetched.
 */
export async function crawl(
  spec: NonNullable<HttpCheck['crawl']>,
  start: HttpResponse,
  agent: Parameters<typeof send>[0],
  request: { headers: Record<string, string>; signal: AbortSignal },
): Promise<CrawlReport> {
  const origin = new URL(start.url);
  const allowed = new Set([origin.host, ...(spec.allowedDomains ?? [])]);
  const denied = new Set(spec.disallowedDomains ?? []);
  const only = (spec.allowedURLFilters ?? []).map((r) => new RegExp(r));
  const skip = (spec.disallowedURLFilters ?? []).map((r) => new RegExp(r));
  const follow = (url: string) => {
    const u = new URL(url);
    if (!allowed.has(u.host) || denied.has(u.host)) return false;
    if (only.length && !only.some((r) => r.test(url))) return false;
    return !skip.some((r) => r.test(url));
  };
  const seen = new Set([start.url]);
  const report: CrawlReport = { pages: 1, broken: [] };
  let level = [{ url: start.url, html: start.body }];
  for (let hop = 0; hop < (spec.depth ?? 1) && level.length; hop++) {
    const next: { url: string; html: string }[] = [];
    for (const page of level) {
      for (const link of pageLinks(page.html, page.url)) {
        if (seen.has(link) || !follow(link)) continue;
        if (report.pages >= MAX_CRAWL_PAGES) return report;
        seen.add(link);
        report.pages++;
        try {
          const res = await send(agent, link, { method: 'GET', ...request, maxRedirects: 10 });
          if (res.status >= 400) report.broken.push({ url: link, status: res.status, from: page.url });
          else if (/html/i.test(String(res.headers['content-type'] ?? ''))) next.push({ url: res.url, html: res.body });
        } catch (err) {
          if (request.signal.aborted) throw err;
          report.broken.push({ url: link, status: (err as Error).message, from: page.url });
        }
      }
    }
    level = next;
  }
  return report;
}
