import { SlidersHorizontal } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useDatePreferences } from '../../ui/preferences.js';
import { usePopover } from '../../ui/usePopover.js';
import { BROWSER_TIME_ZONE, DATE_FORMATS, formatDateTime } from '../../utils/dateFormat.js';

const FORMAT_LABELS = { timestamp: 'Timestamp', short: 'Short', medium: 'Medium', full: 'Full' } as const;

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [BROWSER_TIME_ZONE, 'UTC', ...supported.filter((z) => z !== 'UTC')];
}

/** The top bar's preferences: how dates are written and in which time zone. Kept in localStorage. */
export function PreferencesMenu() {
  const { open, setOpen, root, button, id: panelId } = usePopover();
  const formatId = useId();
  const zoneId = useId();
  const prefs = useDatePreferences();
  const zones = useMemo(timeZones, []);

  const select = 'h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm';
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="Preferences"
        title="Preferences"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Preferences"
          className="absolute top-full right-0 z-40 mt-1 flex w-72 flex-col gap-3 rounded-lg bg-white p-3 shadow-lg ring-1 ring-zinc-900/10"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={formatId} className="text-xs font-medium text-zinc-600">
              Date format
            </label>
            <select
              id={formatId}
              className={select}
              value={prefs.dateFormat}
              onChange={(e) => prefs.setDateFormat(e.target.value)}
            >
              {DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={zoneId} className="text-xs font-medium text-zinc-600">
              Time zone
            </label>
            <select
              id={zoneId}
              className={select}
              value={prefs.timeZone}
              onChange={(e) => prefs.setTimeZone(e.target.value)}
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z === BROWSER_TIME_ZONE ? 'Browser time' : z}
                </option>
              ))}
            </select>
          </div>
          <p className="text-xs text-zinc-500">
            Now: <span className="tabular-nums">{formatDateTime(new Date(), prefs.dateFormat, prefs.timeZone)}</span>
          </p>
        </section>
      )}
    </div>
  );
}
