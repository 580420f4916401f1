import { Link } from 'react-router';
import { useSession } from '../../app/session.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';

const linkClass = 'text-sm font-medium text-indigo-600 hover:text-indigo-500';

/**
 * 'No data available'. With no checks at all it offers where checks come
 * from: a health check (canary) or an integration, for those who may add them. With checks that
 * the search or label filters hide, it offers to clear them.
 */
export function HealthEmpty({ hasChecks, onClear }: { hasChecks: boolean; onClear: (() => void) | null }) {
  const session = useSession();
  if (hasChecks) {
    return (
      <EmptyState>
        {onClear && (
          <Button size="sm" onClick={onClear}>
            Clear search and filters
          </Button>
        )}
      </EmptyState>
    );
  }
  const canAddCheck = session.can('canaries', 'create') && !session.featureDisabled('settings.health');
  const canAddIntegration = session.can('integrations', 'create') && !session.featureDisabled('settings.integrations');
  return (
    <EmptyState>
      {(canAddCheck || canAddIntegration) && (
        <nav aria-label="Get started" className="flex gap-4">
          {canAddCheck && (
            <Link to="/settings/canaries" className={linkClass}>
              Add a health check
            </Link>
          )}
          {canAddIntegration && (
            <Link to="/settings/integrations" className={linkClass}>
              Add an integration
            </Link>
          )}
        </nav>
      )}
    </EmptyState>
  );
}
