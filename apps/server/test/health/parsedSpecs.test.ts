import { describe, expect, it, vi } from 'vitest';
import { httpCheck } from '../../src/health/checks/http.js';
import type { CheckType } from '../../src/health/checks/types.js';
import { executeCheck } from '../../src/health/execute.js';
import { parseSpec } from '../../src/health/parsedSpecs.js';
import { runnerContext } from './checks/runnerContext.js';

const type = httpCheck as CheckType<unknown>;

describe('a check spec parsed once per spec object', () => {
  it('parses a spec object on its first run only; a new object (a changed canary) is parsed again', () => {
    const parse = vi.spyOn(type.schema, 'safeParse');
    try {
      const spec = { name: 'h', url: 'http://127.0.0.1:9/', method: 'post' };
      const first = parseSpec(type, spec);
      expect(parseSpec(type, spec)).toBe(first);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(first.success && (first.data as { method: string }).method).toBe('POST');
      const changed = parseSpec(type, { ...spec, method: 'put' });
      expect(parse).toHaveBeenCalledTimes(2);
      expect(changed.success && (changed.data as { method: string }).method).toBe('PUT');
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses an invalid spec on every run, with the same message', async () => {
    const spec = { name: 'h', url: 'http://x', responseCodes: 200 };
    const a = await executeCheck('http', spec, runnerContext());
    const b = await executeCheck('http', spec, runnerContext());
    expect(a.invalid).toBe(true);
    expect(b.error).toBe(a.error);
    expect(a.error).toContain('responseCodes: Invalid input: expected array, received number');
  });
});
