import { REFERENCE_SCRAPER_TYPES, scraperSchemas } from '@opsdeck/schema';
import { describe, expect, it } from 'vitest';
import { setField } from '../../ui/forms/fieldPath.js';
import { SCRAPER_FORMS, scraperFieldErrors, scraperForm, unsupportedScraperTypes } from './scraperForms.js';

const required = (type: string) =>
  scraperForm(type)
    ?.fields.filter((f) => f.required)
    .map((f) => f.key);

describe('scraper form builder', () => {
  it('has a form for every scraper type OpsDeck runs', () => {
    expect(SCRAPER_FORMS.map((f) => f.type).sort()).toEqual(Object.keys(scraperSchemas).sort());
  });

  it('marks the required fields the shared schema asks for', () => {
    expect(required('file')).toEqual(['paths']);
    expect(required('sql')).toEqual(['connection', 'query']);
    expect(required('exec')).toEqual(['script']);
    expect(required('kubernetes')).toEqual(['clusterName']);
    expect(required('http')).toEqual(['url']);
    expect(scraperForm('http')?.fields.find((f) => f.key === 'url')?.orKeys).toEqual(['connection']);
  });

  it('a scraper with its required fields filled passes the shared schema', () => {
    for (const form of SCRAPER_FORMS) {
      const s: Record<string, unknown> = { ...form.defaults };
      for (const f of form.fields.filter((x) => x.required))
        setField(s, f.key, f.kind === 'list' ? ['/data/*.json'] : 'value');
      expect(scraperSchemas[form.type]?.safeParse(s).success, form.type).toBe(true);
      expect(scraperFieldErrors(form.type, s).size).toBe(0);
    }
  });

  it('reports empty required fields, honouring stand-ins', () => {
    expect(scraperFieldErrors('file', { paths: [] }).get('paths')).toBe('This field is required');
    expect(scraperFieldErrors('http', {}).get('url')).toBe('This field is required');
    expect(scraperFieldErrors('http', { connection: 'connection://default/api' }).size).toBe(0);
  });

  it('lists the other reference types with the reason the server refuses them', () => {
    const refused = unsupportedScraperTypes();
    expect(refused.map((r) => r.type)).toEqual(REFERENCE_SCRAPER_TYPES.filter((t) => !scraperSchemas[t]));
    expect(refused.find((r) => r.type === 'trivy')?.reason).toBe('scraper type trivy is not supported yet');
  });
});
