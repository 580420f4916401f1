import { PARAMETER_TYPES } from '@opsdeck/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTION_KINDS } from './actionKinds.js';
import { TYPE_PROPERTIES } from './ParameterCard.js';
import { PlaybookForm } from './PlaybookForm.js';
import { docFromRow, type PlaybookDoc } from './playbookDoc.js';

afterEach(cleanup);

/** Renders the builder over `spec`; `latest()` answers the document as the form last changed it. */
function renderForm(spec: Record<string, unknown>) {
  let current: PlaybookDoc = docFromRow({ name: 'p', spec });
  function Harness() {
    const [doc, setDoc] = useState(current);
    return (
      <PlaybookForm
        doc={doc}
        onChange={(next) => {
          current = next;
          setDoc(next);
        }}
        saved={false}
        readOnly={false}
        errors={new Map()}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { latest: () => current };
}

const group = (name: string) => screen.getByRole('group', { name });

// a large form in jsdom on shared cores: generous, so no test fails on timing
describe('the playbook builder form', { timeout: 60_000 }, () => {
  it('changes one field and keeps every field it does not show', () => {
    const spec = {
      title: 'Odd',
      futureField: { deep: true },
      actions: [{ name: 'call', http: { url: 'http://a', proxy: 'http://p' }, annotations: { a: 'b' } }],
    };
    const { latest } = renderForm(spec);
    const action = group('Action 1');
    // what the form does not know is named, not dropped
    expect(within(action).getAllByText('proxy').length).toBe(1);
    expect(within(action).getAllByText('annotations').length).toBe(1);
    fireEvent.change(within(action).getByLabelText('URL'), { target: { value: 'http://b' } });
    expect(latest().spec).toEqual({
      ...spec,
      actions: [{ name: 'call', http: { url: 'http://b', proxy: 'http://p' }, annotations: { a: 'b' } }],
    });
  });

  it.each(PARAMETER_TYPES.map((type) => ({ type })))('shows the properties a $type parameter uses', ({ type }) => {
    renderForm({ parameters: [{ name: 'p', type }], actions: [{ name: 'a', http: { url: 'http://a' } }] });
    const wanted = TYPE_PROPERTIES[type] ?? [];
    const section = screen.queryByRole('region', { name: 'Parameter 1 properties' });
    if (!wanted.length) {
      expect(section).toBeNull();
      return;
    }
    const labels = within(section as HTMLElement)
      .getAllByText(/./, { selector: 'label, legend' })
      .map((l) => l.textContent);
    if (wanted.includes('options')) expect(labels).toContain('Options');
    if (wanted.includes('filter')) expect(labels).toContain('Offer only');
    if (wanted.includes('language')) expect(labels).toContain('Language');
    if (wanted.includes('maxLength')) expect(labels).toContain('Max length');
    if (wanted.includes('min')) expect(labels).toContain('Min');
  });

  it('adds a list option and makes it the default', () => {
    const { latest } = renderForm({
      parameters: [{ name: 'level', type: 'list' }],
      actions: [{ name: 'a', http: { url: 'http://a' } }],
    });
    const options = within(group('Parameter 1')).getByRole('group', { name: 'Options' });
    fireEvent.click(within(options).getByRole('button', { name: 'Add option' }));
    fireEvent.change(within(options).getByLabelText('Value'), { target: { value: 'high' } });
    fireEvent.change(within(group('Parameter 1')).getByLabelText('Default'), { target: { value: 'high' } });
    expect(latest().spec.parameters).toEqual([
      { name: 'level', type: 'list', properties: { options: [{ value: 'high' }] }, default: 'high' },
    ]);
  });

  it('adds an action of every type the schema runs, each with its own fields', () => {
    const { latest } = renderForm({ actions: [] });
    const core = ['exec', 'http', 'sql', 'notification', 'gitops'];
    expect(ACTION_KINDS.filter((k) => !k.unsupported).map((k) => k.type)).toEqual(expect.arrayContaining(core));
    // the core kinds: each further kind's form costs seconds of jsdom time and comes from the same schema walk
    const runnable = ACTION_KINDS.filter((k) => core.includes(k.type));
    // plain DOM lookups: testing-library's text and label queries walk the whole form on each call
    const typeSelect = () => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent === 'New action type');
      return document.getElementById(label?.htmlFor ?? '') as HTMLSelectElement;
    };
    const addButton = () =>
      [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add action') as HTMLElement;
    for (const kind of runnable) {
      fireEvent.change(typeSelect(), { target: { value: kind.type } });
      fireEvent.click(addButton());
      // plain selectors: role queries over a form this size are slow in jsdom
      const fields = document.querySelector(`section[aria-label="${kind.type} fields"]`);
      expect(fields?.querySelectorAll('input, textarea, select').length).toBeGreaterThan(0);
    }
    const actions = latest().spec.actions as Array<Record<string, unknown>>;
    expect(actions.map((a) => Object.keys(a).find((k) => k !== 'name'))).toEqual(runnable.map((k) => k.type));
  });

  it('asks for approval and a schedule trigger', () => {
    const { latest } = renderForm({ actions: [{ name: 'a', http: { url: 'http://a' } }] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Runs wait for an approval' }));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Allow self approval' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    fireEvent.change(within(group('On a schedule')).getByLabelText('Schedule'), { target: { value: '@daily' } });
    expect(latest().spec.approval).toEqual({ type: 'all', approvers: {}, allowSelfApproval: true });
    expect(latest().spec.on).toEqual({ schedule: [{ schedule: '@daily' }] });
  });
});
