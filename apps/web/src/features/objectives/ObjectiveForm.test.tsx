import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ObjectiveForm } from './ObjectiveForm.js';

const base = { target: 99.9, window: '30d', indicator: { availability: { checks: { labelSelector: 'app=shop' } } } };

/** The form over a row's values, as the settings editor holds them; `seen` gets every change. */
function Harness({ spec, seen }: { spec: Record<string, unknown>; seen: { spec?: Record<string, unknown> } }) {
  const [values, setValues] = useState<Record<string, unknown>>({ name: 'shop', spec });
  return (
    <ObjectiveForm
      values={values}
      errors={{}}
      saved={false}
      readOnly={false}
      onChange={(name, value) => {
        setValues((v) => ({ ...v, [name]: value }));
        if (name === 'spec') seen.spec = value as Record<string, unknown>;
      }}
    />
  );
}

const ui = {
  alerts: () => screen.getByRole('group', { name: 'Burn-rate alerts' }),
  rows: () => within(ui.alerts()).queryAllByRole('row').slice(1),
  add: () => screen.getByRole('button', { name: 'Add alert' }),
};

afterEach(cleanup);

describe('the objective form’s alerts', () => {
  it('shows the alerts written in YAML as rows, and edits them back into YAML', () => {
    const yaml = `${stringify(base)}alerts:
  - { burnRate: 14.4, long: 1h, short: 5m, severity: critical }
  - { burnRate: 3, long: 1d, short: 2h, severity: warning }
`;
    const seen: { spec?: Record<string, unknown> } = {};
    render(<Harness spec={parse(yaml)} seen={seen} />);
    expect(ui.rows()).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Alert 2 long window' })).toHaveProperty('value', '1d');
    expect(screen.getByRole('combobox', { name: 'Alert 2 severity' })).toHaveProperty('value', 'warning');

    fireEvent.change(screen.getByRole('textbox', { name: 'Alert 2 burn rate' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Alert 2 severity' }), { target: { value: 'critical' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove alert 1' }));
    expect(ui.rows()).toHaveLength(1);
    // what the YAML view then shows: the one remaining alert, edited; the rest of the spec as it was
    expect(parse(stringify(seen.spec))).toEqual({
      ...base,
      alerts: [{ burnRate: 2, long: '1d', short: '2h', severity: 'critical' }],
    });
  });

  it('says the default pair applies without alerts, adds rows, and drops the key when the last goes', () => {
    const seen: { spec?: Record<string, unknown> } = {};
    render(<Harness spec={base} seen={seen} />);
    expect(within(ui.alerts()).getByText(/14\.4× over 1h and 5m \(critical\)/)).toBeTruthy();
    fireEvent.click(ui.add());
    fireEvent.click(ui.add());
    expect(ui.rows()).toHaveLength(2);
    expect(seen.spec?.alerts).toEqual([
      { burnRate: 14.4, long: '1h', short: '5m', severity: 'critical' },
      { burnRate: 6, long: '6h', short: '30m', severity: 'warning' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove alert 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove alert 1' }));
    expect(ui.rows()).toHaveLength(0);
    expect(seen.spec).toEqual(base);
  });
});
