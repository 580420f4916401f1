import { describe, expect, it } from 'vitest';
import { isFeatureDisabled } from '../../utils/featureFlags.js';
import { settingsRoutes } from './settingsRoutes.js';

const entry = (path: string) => settingsRoutes.find((r) => r.path === path);
const hidden = (path: string, disabled: string[]) => {
  const e = entry(path);
  return [e?.feature, ...(e?.alsoHiddenBy ?? [])].some((f) => isFeatureDisabled(f, new Set(disabled)));
};

describe('settings routes', () => {
  it('hides Log Backends when logs are disabled, and with its own flag', () => {
    expect(hidden('/settings/logging_backends', [])).toBe(false);
    expect(hidden('/settings/logging_backends', ['logs'])).toBe(true);
    expect(hidden('/settings/logging_backends/:id', ['logs'])).toBe(true);
    expect(hidden('/settings/logging_backends', ['settings.logging_backends'])).toBe(true);
    expect(hidden('/settings/teams', ['logs'])).toBe(false);
  });

  it('opens Permissions only to those who may change permission rows', () => {
    expect(entry('/settings/permissions')).toMatchObject({ resource: 'permissions', action: 'update' });
  });
});
