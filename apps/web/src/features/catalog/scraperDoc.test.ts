import { describe, expect, it } from 'vitest';
import { parseScraperYaml, scraperYaml } from './scraperDoc.js';

describe('scraper YAML', () => {
  it('round-trips a scraper row', () => {
    const yaml = scraperYaml({ name: 'cars', namespace: 'ops', spec: { file: [{ type: 'Car', paths: ['/x'] }] } });
    expect(parseScraperYaml(yaml)).toEqual({
      ok: true,
      name: 'cars',
      namespace: 'ops',
      spec: { file: [{ type: 'Car', paths: ['/x'] }] },
    });
  });

  it.each([
    ['a: [', 'YAML:'],
    ['- 1', 'expected a ScrapeConfig document'],
    ['kind: Canary\nmetadata: {name: x}\nspec: {}', 'kind: must be ScrapeConfig'],
    ['kind: ScrapeConfig\nspec: {}', 'metadata.name: This field is required'],
    ['kind: ScrapeConfig\nmetadata: {name: x}', 'spec: This field is required'],
  ])('refuses %j', (text, message) => {
    const parsed = parseScraperYaml(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});
