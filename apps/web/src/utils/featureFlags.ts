/** A property row as `/api/db/properties` returns it. */
export interface PropertyRow {
  name: string;
  value: string | null;
}

const SUFFIX = '.disable';

/** The features switched off by `{feature}.disable = 'true'` properties (case and spaces ignored). */
export function disabledFeatures(properties: readonly PropertyRow[]): Set<string> {
  const disabled = new Set<string>();
  for (const { name, value } of properties) {
    if (!name.endsWith(SUFFIX) || name.length === SUFFIX.length) continue;
    if ((value ?? '').trim().toLowerCase() === 'true') disabled.add(name.slice(0, -SUFFIX.length));
  }
  return disabled;
}

/**
 * Whether `feature` is off: itself or any parent is disabled. Parents are the dotted prefixes,
 * so disabling `settings` also disables `settings.connections`.
 */
export function isFeatureDisabled(feature: string | undefined, disabled: ReadonlySet<string>): boolean {
  if (!feature) return false;
  const parts = feature.split('.');
  for (let i = 1; i <= parts.length; i++) {
    if (disabled.has(parts.slice(0, i).join('.'))) return true;
  }
  return false;
}
