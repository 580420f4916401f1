import type { ObjectiveChecks, ObjectiveSpec } from '@opsdeck/schema';
import { FormField, inputClass } from '../../ui/forms/FormField.js';
import { numberFromInput } from '../../ui/forms/numberInput.js';
import type { KindFormProps } from '../settings/resources/types.js';
import { ObjectiveAlertsEditor } from './ObjectiveAlertsEditor.js';

type Spec = Partial<ObjectiveSpec> & Record<string, unknown>;
type Indicator = 'availability' | 'latency';

const splitNames = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * An objective's target, window and indicator (availability or latency over checks chosen by a
 * label selector, names, a component or a topology) and burn-rate alerts; without alerts, the SRE
 * workbook's pair applies (14.4× over 1h/5m critical, 6× over 6h/30m warning).
 */
export function ObjectiveForm({ values, errors, readOnly, onChange }: KindFormProps) {
  const spec: Spec = values.spec && typeof values.spec === 'object' ? (values.spec as Spec) : {};
  const kind: Indicator = spec.indicator?.latency ? 'latency' : 'availability';
  const latency = spec.indicator?.latency;
  const checks: ObjectiveChecks = (latency ?? spec.indicator?.availability)?.checks ?? {};
  const set = (patch: Spec) => onChange('spec', { ...spec, ...patch });
  const setIndicator = (to: Indicator, c: ObjectiveChecks, extra: Record<string, unknown> = {}) =>
    set({
      indicator:
        to === 'latency'
          ? {
              latency: {
                threshold: latency?.threshold ?? '300ms',
                percentile: latency?.percentile ?? 99,
                ...extra,
                checks: c,
              },
            }
          : { availability: { checks: c } },
    } as Spec);
  const setChecks = (key: keyof ObjectiveChecks, value: unknown) => {
    const next: Record<string, unknown> = { ...checks };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
    setIndicator(kind, next as ObjectiveChecks);
  };
  const err = (k: string) => errors[`spec.${k}`] ?? (k === 'indicator' ? errors.spec : undefined);

  return (
    <fieldset className="flex flex-col gap-3" disabled={readOnly}>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Target (%)" required error={err('target')} help="Share of good minutes, e.g. 99.9">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={spec.target === undefined ? '' : String(spec.target)}
              onChange={(e) => set({ target: numberFromInput(e.target.value) as number })}
            />
          )}
        </FormField>
        <FormField label="Window" required error={err('window')} help="Rolling, e.g. 30d, 7d or 28d">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={spec.window ?? ''}
              onChange={(e) => set({ window: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="flex gap-4 text-sm" role="radiogroup" aria-label="Indicator">
        {(['availability', 'latency'] as const).map((k) => (
          <label key={k} className="flex items-center gap-1.5">
            <input
              type="radio"
              name="objective-indicator"
              checked={kind === k}
              onChange={() => setIndicator(k, checks)}
            />
            {k === 'availability' ? 'Availability (checks pass)' : 'Latency (percentile under a threshold)'}
          </label>
        ))}
      </div>
      {err('indicator') && (
        <p role="alert" className="text-xs text-red-600">
          {err('indicator')}
        </p>
      )}
      {kind === 'latency' && (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <FormField label="Threshold" required help="e.g. 300ms">
            {({ id }) => (
              <input
                id={id}
                className={inputClass}
                value={latency?.threshold ?? ''}
                onChange={(e) => setIndicator('latency', checks, { threshold: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Percentile" required help="e.g. 99">
            {({ id }) => (
              <input
                id={id}
                inputMode="decimal"
                className={inputClass}
                value={latency?.percentile === undefined ? '' : String(latency.percentile)}
                onChange={(e) => setIndicator('latency', checks, { percentile: numberFromInput(e.target.value) })}
              />
            )}
          </FormField>
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Checks by label selector" help="e.g. app=checkout,env!=dev">
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={checks.labelSelector ?? ''}
              onChange={(e) => setChecks('labelSelector', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Checks by name" help="Comma-separated; * matches any run of characters">
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={(checks.names ?? []).join(', ')}
              onChange={(e) => setChecks('names', splitNames(e.target.value))}
            />
          )}
        </FormField>
        <FormField label="Checks of a component" help="The component's name or id">
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={checks.component ?? ''}
              onChange={(e) => setChecks('component', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Checks of a topology" help="The topology's name or id">
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={checks.topology ?? ''}
              onChange={(e) => setChecks('topology', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <ObjectiveAlertsEditor
        alerts={spec.alerts ?? []}
        error={err('alerts')}
        onChange={(alerts) => {
          const { alerts: _old, ...rest } = spec;
          onChange('spec', alerts ? { ...rest, alerts } : rest);
        }}
      />
    </fieldset>
  );
}
