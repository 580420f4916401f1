import { Trash2 } from 'lucide-react';
import { IconButton } from '../../../ui/Button.js';
import { SchemaFields } from '../../settings/playbooks/SchemaFields.js';
import { columnFields, VIEW_HINTS } from './viewSpecForm.js';

export interface ColumnCardProps {
  index: number;
  column: Record<string, unknown>;
  errors: Map<string, string>;
  readOnly: boolean;
  onChange: (column: Record<string, unknown>) => void;
  onRemove: () => void;
}

/** One column of a view: name, type from the schema's list, primary key, and the options of its type. */
export function ColumnCard({ index, column, errors, readOnly, onChange, onRemove }: ColumnCardProps) {
  const title = `Column ${index + 1}`;
  return (
    <fieldset aria-label={title} className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-semibold text-zinc-800">
          {title}
          {typeof column.name === 'string' && column.name && (
            <span className="ml-2 font-mono text-xs font-normal text-zinc-500">{column.name}</span>
          )}
        </legend>
        {!readOnly && (
          <IconButton label={`Remove ${title}`} onClick={onRemove}>
            <Trash2 className="h-4 w-4" />
          </IconButton>
        )}
      </div>
      <SchemaFields
        fields={columnFields(column)}
        value={column}
        onChange={onChange}
        path={`spec.columns[${index}]`}
        errors={errors}
        readOnly={readOnly}
        hints={VIEW_HINTS}
        hintPath="column"
      />
    </fieldset>
  );
}
