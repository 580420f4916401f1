import type { Role } from '../rbac/resources.js';
import type { ExecMode } from '../sandbox/config.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';

/** Exec scrapers run code on the server: saving one follows OPSDECK_EXEC exactly like exec checks. */
export function execScraperRefusal(
  mode: ExecMode,
  roles: readonly Role[] | 'operator',
  spec: unknown,
): string | undefined {
  return execWriteRefusal(mode, roles, spec, 'ScrapeConfig');
}
