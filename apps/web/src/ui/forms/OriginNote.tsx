import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { originOf } from './origin.js';

/** "Read-only: managed by …" over a row made elsewhere (YAML, a Kubernetes resource, an agent). */
export function OriginNote({
  source,
  agentId,
  kind,
}: {
  source: string | null;
  agentId?: string | null;
  kind?: string;
}) {
  const origin = originOf(source, agentId, kind);
  return (
    <div
      role="note"
      className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Lock aria-hidden className="h-4 w-4 shrink-0" />
      <span>
        Read-only: managed by{' '}
        {origin.href ? (
          <Link to={origin.href} className="font-medium underline">
            {origin.label}
          </Link>
        ) : (
          <strong>{origin.label}</strong>
        )}
        . Change it there.
      </span>
    </div>
  );
}
