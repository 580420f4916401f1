import { describe, expect, it } from 'vitest';
import { resourceKind } from '../../features/settings/resources/registry.js';
import { resourceTables } from './settingsRoutes.js';

describe('settings resource routes', () => {
  it('serve every table without its own page through a kind of the generic editor', () => {
    const missing = resourceTables.filter((t) => !t.page && !resourceKind(t.table)).map((t) => t.table);
    expect(missing).toEqual([]);
  });
});
