import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { viewQueries } from './api.js';
import { ViewSection } from './ViewContent.js';

/** A view shown as a tab of a config item's page: its variables and row filters come from the item. */
export function ConfigViewTab({ viewId, configId }: { viewId: string; configId: string }) {
  const given = useQuery(viewQueries.tabVariables(viewId, configId));
  if (given.error) return <p className="text-sm text-red-700">{errorMessage(given.error)}</p>;
  if (!given.data) return <LoadingBlock label="Loading view" />;
  const { variables, filters } = given.data;
  const shown = Object.entries({ ...variables, ...filters });
  return (
    <div className="flex flex-col gap-2">
      {shown.length > 0 && (
        <p className="text-xs text-zinc-500" data-testid="config-tab-variables">
          {shown.map(([k, v]) => `${k}: ${v}`).join(' · ')}
        </p>
      )}
      <ViewSection viewRef={{ id: viewId }} variables={variables} filters={filters} />
    </div>
  );
}
