import type { ViewQuery } from '@opsdeck/schema';
import { checksSource, configsSource } from './catalog.js';
import { changesSource } from './changes.js';
import { httpSource } from './http.js';
import { prometheusSource } from './prometheus.js';
import { sqlSource } from './sql.js';
import type { SourceContext, ViewSource } from './types.js';
import { viewTableSource } from './viewTable.js';

// biome-ignore lint/suspicious/noExplicitAny: each member checks its own part of the query
const SOURCES: Array<ViewSource<any>> = [
  configsSource,
  changesSource,
  checksSource,
  sqlSource,
  prometheusSource,
  httpSource,
  viewTableSource,
];

/** The columns the source of `query` always answers (see ViewSource.columns). */
export function knownColumns(query: ViewQuery): ViewSource<keyof ViewQuery>['columns'] {
  return SOURCES.find((source) => query[source.key as keyof ViewQuery])?.columns;
}

/** Runs one named query of a view with the source its spec names (the schema ensures exactly one). */
export async function runQuery(query: ViewQuery, ctx: SourceContext): Promise<Array<Record<string, unknown>>> {
  for (const source of SOURCES) {
    const spec = query[source.key as keyof ViewQuery];
    if (spec) return source.run(spec, ctx);
  }
  throw new Error('the query names no source');
}
