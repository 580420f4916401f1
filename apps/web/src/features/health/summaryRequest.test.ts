import { describe, expect, it } from 'vitest';
import { openingSummary, summaryUrl } from './summaryRequest.js';

const at = (url: string) => {
  const u = new URL(url, 'http://x');
  return { pathname: u.pathname, search: u.search };
};

describe('the summary a URL opens with', () => {
  it.each([
    ['/health', '/api/canary/api/summary?timeRange=1h&status=unhealthy'],
    ['/health?groupBy=no-group&timeRange=1d', '/api/canary/api/summary?timeRange=1d&status=unhealthy'],
    ['/health?hidePassing=false', '/api/canary/api/summary?timeRange=1h'],
    ['/health?timeRange=nonsense', '/api/canary/api/summary?timeRange=1h&status=unhealthy'],
    ['/view/health', '/api/canary/api/summary?timeRange=1h&status=unhealthy'],
  ])('%s asks %s, as the page does', (url, asked) => {
    const q = openingSummary(at(url));
    expect(q && summaryUrl(q)).toBe(asked);
  });

  it.each(['/topology', '/health/abc', '/view/health?checkId=abc'])('%s asks for none', (url) => {
    expect(openingSummary(at(url))).toBeUndefined();
  });
});
