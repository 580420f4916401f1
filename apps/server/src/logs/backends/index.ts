import { type LogBackendKind, type LogBackendSpec, logBackendKind } from '@opsdeck/schema';
import type { BackendContext, LogBackend } from '../types.js';
import { elasticsearchBackend } from './elasticsearch.js';
import { fileBackend } from './file.js';
import { kubernetesBackend } from './kubernetes.js';
import { lokiBackend } from './loki.js';
import { opensearchBackend } from './opensearch.js';

/** The backend a valid spec names, with the row's labels on every line it answers. */
export function backendFor(
  spec: LogBackendSpec,
  labels: Record<string, string>,
  ctx: BackendContext,
): { kind: LogBackendKind; backend: LogBackend } {
  const kind = logBackendKind(spec);
  const make: Record<LogBackendKind, () => LogBackend> = {
    file: () => fileBackend(spec.file ?? [], labels, ctx),
    loki: () => lokiBackend(spec.loki as NonNullable<LogBackendSpec['loki']>, labels),
    opensearch: () => opensearchBackend(spec.opensearch as NonNullable<LogBackendSpec['opensearch']>, labels),
    elasticsearch: () =>
      elasticsearchBackend(spec.elasticsearch as NonNullable<LogBackendSpec['elasticsearch']>, labels),
    kubernetes: () => kubernetesBackend(spec.kubernetes as NonNullable<LogBackendSpec['kubernetes']>, labels),
  };
  return { kind, backend: make[kind]() };
}
