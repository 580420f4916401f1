import { DEFAULT_OBJECTIVE_ALERTS, OBJECTIVE_SEVERITIES, type ObjectiveAlert } from '@opsdeck/schema';
import { inputClass } from '../../ui/forms/FormField.js';
import { numberFromInput } from '../../ui/forms/numberInput.js';

/**
 * An objective's burn-rate alerts as rows (rate, long and short window, severity) with add and
 * remove. No rows means the SRE workbook's pair applies, which the empty state says; the first
 * added row starts from that pair's critical alert so a person edits rather than types it all.
 */
export function ObjectiveAlertsEditor({
  alerts,
  error,
  onChange,
}: {
  alerts: ObjectiveAlert[];
  error?: string;
  onChange: (alerts: ObjectiveAlert[] | undefined) => void;
}) {
  const setRow = (i: number, patch: Partial<ObjectiveAlert>) =>
    onChange(alerts.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const remove = (i: number) => {
    const next = alerts.filter((_, j) => j !== i);
    onChange(next.length ? next : undefined);
  };
  const add = () => onChange([...alerts, { ...(DEFAULT_OBJECTIVE_ALERTS[alerts.length % 2] as ObjectiveAlert) }]);
  const cell = 'px-1 py-1';

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Burn-rate alerts</legend>
      {alerts.length === 0 ? (
        <p className="text-xs text-gray-500">
          None set: 14.4× over 1h and 5m (critical) and 6× over 6h and 30m (warning) apply.
        </p>
      ) : (
        <table className="text-sm">
          <thead>
            <tr className="text-left text-xs text-gray-500">
              <th className={cell}>Burn rate</th>
              <th className={cell}>Long window</th>
              <th className={cell}>Short window</th>
              <th className={cell}>Severity</th>
              <th className={cell}>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {alerts.map((a, i) => (
              // rows have no identity of their own; their order is the spec's
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the row's identity
              <tr key={i}>
                <td className={cell}>
                  <input
                    aria-label={`Alert ${i + 1} burn rate`}
                    inputMode="decimal"
                    className={inputClass}
                    value={a.burnRate === undefined ? '' : String(a.burnRate)}
                    onChange={(e) => setRow(i, { burnRate: numberFromInput(e.target.value) as number })}
                  />
                </td>
                {(['long', 'short'] as const).map((w) => (
                  <td key={w} className={cell}>
                    <input
                      aria-label={`Alert ${i + 1} ${w} window`}
                      className={inputClass}
                      value={a[w] ?? ''}
                      onChange={(e) => setRow(i, { [w]: e.target.value })}
                    />
                  </td>
                ))}
                <td className={cell}>
                  <select
                    aria-label={`Alert ${i + 1} severity`}
                    className={inputClass}
                    value={a.severity}
                    onChange={(e) => setRow(i, { severity: e.target.value as ObjectiveAlert['severity'] })}
                  >
                    {OBJECTIVE_SEVERITIES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={cell}>
                  <button
                    type="button"
                    className="text-xs text-red-600 hover:underline"
                    aria-label={`Remove alert ${i + 1}`}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <div>
        <button type="button" className="text-sm text-indigo-600 hover:underline" onClick={add}>
          Add alert
        </button>
      </div>
    </fieldset>
  );
}
