import type { MaintenanceSpec } from '@opsdeck/schema';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import type { KindFormProps } from '../resources/types.js';
import { cronOf, REPEATS, type Recurrence, readCron, WEEKDAYS } from './recurrence.js';
import { SCOPES, ScopeInput } from './ScopeInput.js';
import { WindowPreview } from './WindowPreview.js';
import { fromLocalInput, timeZones, toLocalInput, viewerZone } from './zonedTime.js';

type Spec = MaintenanceSpec & Record<string, unknown>;

/** A copy of `spec` with `key` set, or removed when `value` is undefined or ''. */
function withKey(spec: Spec, key: string, value: unknown): Spec {
  const next: Spec = { ...spec };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/**
 * A maintenance window's when and what: one-off start and end picked on the viewer's clock (its
 * zone shown), or a recurrence with duration and zone; the selectors it silences; the next windows.
 */
export function MaintenanceWindowForm({ values, errors, readOnly, onChange }: KindFormProps) {
  const spec: Spec = values.spec && typeof values.spec === 'object' ? (values.spec as Spec) : {};
  const set = (next: Spec) => onChange('spec', next);
  const recurring = spec.schedule !== undefined;
  const zone = viewerZone();
  const rec = readCron(spec.schedule ?? '0 2 * * 0');
  const setRec = (patch: Partial<Recurrence>) => set(withKey(spec, 'schedule', cronOf({ ...rec, ...patch })));
  const err = (k: string) => errors[`spec.${k}`];

  return (
    <div className="flex flex-col gap-4">
      {errors.spec && (
        <p role="alert" className="text-xs text-red-600">
          {errors.spec}
        </p>
      )}
      <fieldset className="flex flex-col gap-3" disabled={readOnly}>
        <legend className="mb-1 text-xs font-medium text-zinc-700">When</legend>
        <div className="flex gap-4 text-sm">
          {[
            { value: false, label: 'One-off' },
            { value: true, label: 'Recurring' },
          ].map((o) => (
            <label key={o.label} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="maintenance-kind"
                checked={recurring === o.value}
                onChange={() =>
                  set(
                    o.value
                      ? {
                          ...withKey(withKey(spec, 'start', undefined), 'end', undefined),
                          schedule: '0 2 * * 0',
                          duration: '2h',
                          timezone: zone,
                        }
                      : withKey(
                          withKey(withKey(spec, 'schedule', undefined), 'duration', undefined),
                          'timezone',
                          undefined,
                        ),
                  )
                }
              />
              {o.label}
            </label>
          ))}
        </div>
        {!recurring ? (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {(['start', 'end'] as const).map((k) => (
              <FormField key={k} label={`${k === 'start' ? 'Start' : 'End'} (${zone})`} required error={err(k)}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    type="datetime-local"
                    className={inputClass}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    value={toLocalInput(spec[k], zone)}
                    onChange={(e) => set(withKey(spec, k, fromLocalInput(e.target.value, zone)))}
                  />
                )}
              </FormField>
            ))}
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
            <FormField label="Repeat" required>
              {({ id }) => (
                <select
                  id={id}
                  className={inputClass}
                  value={rec.repeat}
                  onChange={(e) =>
                    setRec({ repeat: e.target.value as Recurrence['repeat'], cron: spec.schedule ?? '' })
                  }
                >
                  {REPEATS.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {rec.repeat === 'custom' ? (
              <FormField label="Cron expression" required error={err('schedule')} help="minute hour day month weekday">
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    className={`${inputClass} font-mono`}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    value={spec.schedule ?? ''}
                    onChange={(e) => set({ ...spec, schedule: e.target.value })}
                  />
                )}
              </FormField>
            ) : (
              <>
                {rec.repeat === 'weekly' && (
                  <FormField label="On">
                    {({ id }) => (
                      <select
                        id={id}
                        className={inputClass}
                        value={rec.weekday}
                        onChange={(e) => setRec({ weekday: Number(e.target.value) })}
                      >
                        {WEEKDAYS.map((d, i) => (
                          <option key={d} value={i}>
                            {d}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                )}
                {rec.repeat === 'monthly' && (
                  <FormField label="On day">
                    {({ id }) => (
                      <input
                        id={id}
                        type="number"
                        min={1}
                        max={31}
                        className={inputClass}
                        value={rec.day}
                        onChange={(e) => setRec({ day: Math.min(31, Math.max(1, Number(e.target.value) || 1)) })}
                      />
                    )}
                  </FormField>
                )}
                <FormField label="At">
                  {({ id }) => (
                    <input
                      id={id}
                      type="time"
                      className={inputClass}
                      value={rec.time}
                      onChange={(e) => e.target.value && setRec({ time: e.target.value })}
                    />
                  )}
                </FormField>
              </>
            )}
            <FormField label="Duration" required error={err('duration')} help="e.g. 90m, 2h">
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className={inputClass}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  value={spec.duration ?? ''}
                  onChange={(e) => set(withKey(spec, 'duration', e.target.value))}
                />
              )}
            </FormField>
            <FormField label="Time zone" error={err('timezone')}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className={inputClass}
                  aria-describedby={describedBy}
                  value={spec.timezone ?? 'UTC'}
                  onChange={(e) => set(withKey(spec, 'timezone', e.target.value))}
                >
                  {[...new Set([spec.timezone ?? 'UTC', zone, ...timeZones()])].map((z) => (
                    <option key={z}>{z}</option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        )}
      </fieldset>
      <div className="flex flex-col gap-3">
        <span className="text-xs font-medium text-zinc-700">What it silences</span>
        {err('checks') && <p className="text-xs text-red-600">{err('checks')}</p>}
        {SCOPES.map((s) => (
          <ScopeInput
            key={s.key}
            scope={s.key}
            label={s.label}
            value={spec[s.key]}
            readOnly={readOnly}
            onChange={(v) => set(withKey(spec, s.key, v))}
          />
        ))}
      </div>
      <WindowPreview spec={spec} />
    </div>
  );
}
