import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretFields } from '../../src/rest/secrets.js';
import { exposedFunctionNames, exposedTableNames } from '../../src/rest/whitelist.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Every relation under /api/db that can read a secret declares it (docs/secrets.md). The secret
// columns are found two ways: by the base tables a view reads (a column declared secret there is
// secret in every view that shows it under its name) and by what a column is (credentials by
// name, documents that carry credentials, and texts that quote URLs: errors, results, requests).

/** Columns that hold credentials or quote them, by name. */
const SECRET_COLUMN =
  /(^|_)(password|passwd|secret|token|api_?key|credentials?|certificate|private_key|kubeconfig|spec|custom_services|error|result|request|url|component_checks|properties|payload|body|details|job_details)$/;

/**
 * Columns the name rule flags that hold no secret, each with the reason. Keep this short: a new
 * column that holds credentials must be declared, not listed here.
 */
const NOT_SECRET: Record<string, string> = {
  // config items, analyses and changes are what the scrapers found, shown as found (the catalog)
  'config_items.properties': 'catalog data',
  'configs.properties': 'catalog data',
  'config_detail.properties': 'catalog data',
  'config_analysis.properties': 'catalog data',
  'config_analysis_items.properties': 'catalog data',
  'analysis_by_component.properties': 'catalog data',
  'config_changes.details': 'catalog data',
  'catalog_changes.details': 'catalog data',
  'components.properties': 'topology data shown on component cards',
  'people.properties': 'display preferences',
  'evidences.properties': 'what a responder attached to an incident',
  'evidences.script_result': 'what a responder attached to an incident',
  'incident_rules.spec': 'filters and the incident template of a rule',
  'responders.properties': 'the responder channel fields of an incident',
  'permissions.error': 'why a permission row is invalid (no URL)',
  'permissions_summary.error': 'why a permission row is invalid (no URL)',
  'notification_silences.error': 'why a silence filter is invalid (no URL)',
  'maintenance_windows.spec': 'a schedule and selectors',
  'service_level_objectives.spec': 'a target, a window, check selectors and burn-rate alerts',
  'status_pages.spec': 'which checks a page shows',
  'status_pages.logo_url': 'a public image URL',
  'teams.spec': 'members and display settings',
  'teams_with_status.spec': 'members and display settings',
  'applications.spec': 'sections and selectors of an application page',
  'applications.report_spec': 'the application spec its stored report was built from',
  'notification_send_history.body': 'the rendered message, as the recipient got it',
  'notification_send_history.body_payload': 'the rendered message, as the recipient got it',
  'notification_send_history.payload': 'the event the message is about',
};

/**
 * Secret columns another change masks: agent `properties` are masked by the agent work of the
 * same issue, which owns that table's exposure.
 */
const DECLARED_ELSEWHERE = new Set(['agents.properties', 'agents_summary.properties']);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('exposed relations declare their secrets', () => {
  it('reads no secret column of any exposed relation unmasked', async () => {
    const names = exposedTableNames();
    expect(names.length).toBeGreaterThan(50);
    const k = server.db.kysely;
    const { rows: columns } = await sql<{ relation: string; column: string }>`
      select table_name as relation, column_name as column from information_schema.columns
      where table_schema = 'public' and table_name = any(${names}::text[])`.execute(k);
    const { rows: uses } = await sql<{ relation: string; base: string; column: string }>`
      select view_name as relation, table_name as base, column_name as column
      from information_schema.view_column_usage
      where view_schema = 'public' and view_name = any(${names}::text[])`.execute(k);
    const secretInBase = new Set(
      uses.filter((u) => secretFields(u.base).has(u.column)).map((u) => `${u.relation}.${u.column}`),
    );
    const undeclared = columns
      .filter((c) => SECRET_COLUMN.test(c.column) || secretInBase.has(`${c.relation}.${c.column}`))
      .map((c) => `${c.relation}.${c.column}`)
      .filter((name) => !NOT_SECRET[name] && !DECLARED_ELSEWHERE.has(name))
      .filter((name) => {
        const [relation, column] = name.split('.') as [string, string];
        return !secretFields(relation).has(column);
      })
      .sort();
    expect(undeclared).toEqual([]);
  });

  it('reads no secret OUT column of any exposed function unmasked', async () => {
    const names = exposedFunctionNames();
    const { rows } = await sql<{ fn: string; column: string }>`
      select r.routine_name as fn, p.parameter_name as column
      from information_schema.routines r
      join information_schema.parameters p on p.specific_name = r.specific_name and p.specific_schema = r.specific_schema
      where r.routine_schema = 'public' and r.routine_name = any(${names}::text[])
        and p.parameter_mode in ('OUT', 'INOUT') and p.parameter_name is not null`.execute(server.db.kysely);
    expect(rows.some((r) => r.fn === 'get_playbook_run_actions' && r.column === 'result')).toBe(true);
    const undeclared = rows
      .filter((r) => SECRET_COLUMN.test(r.column) && !secretFields(r.fn).has(r.column))
      .map((r) => `${r.fn}.${r.column}`)
      .filter((name) => !NOT_SECRET[name])
      .sort();
    expect([...new Set(undeclared)]).toEqual([]);
  });
});
