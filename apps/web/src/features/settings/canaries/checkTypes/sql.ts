import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

function sqlForm(type: 'postgres' | 'mysql' | 'mssql', label: string, example: string): CheckForm {
  return {
    specType: 'sql',
    type,
    label: `SQL: ${label}`,
    fields: [
      urlField(example, 'Connection URL'),
      connection,
      { key: 'query', label: 'Query', kind: 'textarea', placeholder: 'SELECT 1' },
      { key: 'results', label: 'Expected rows', kind: 'number' },
      threshold,
    ],
    defaults: { query: 'SELECT 1' },
  };
}

/** The `sql` type: one form per database the engine speaks. */
export const sqlForms: CheckForm[] = [
  sqlForm('postgres', 'PostgreSQL', 'postgres://user:pass@db:5432/app'),
  sqlForm('mysql', 'MySQL', 'mysql://user:pass@db:3306/app'),
  sqlForm('mssql', 'SQL Server', 'sqlserver://user:pass@db:1433?database=app'),
];
