import { type CustomLevel, levelsFor } from '@opsdeck/schema/tokenScope';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard.js';
import { tokenQueries } from './api.js';
import {
  CUSTOM_OBJECTS,
  EXPIRY_OPTIONS,
  emptyTokenForm,
  type ScopeKind,
  type TokenForm,
  tokenBody,
  tokenFormErrors,
} from './tokenForm.js';

const SCOPE_HELP: Record<ScopeKind, string> = {
  Read: 'Read everything you can read; no changes.',
  Write: 'Read and change what you can change; no playbook runs or approvals.',
  Full: 'Everything you can do, including running and approving playbooks.',
  Custom: 'Choose per object.',
};

/** Create Token: name, expiry, auto-renew and scope; then the token, shown once. */
export function CreateTokenModal({
  busy,
  created,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  /** The new token's secret, once created. */
  created?: string;
  onSubmit: (body: ReturnType<typeof tokenBody>) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<TokenForm>(emptyTokenForm);
  const [touched, setTouched] = useState(false);
  const settings = useQuery(tokenQueries.settings());
  const copy = useCopyToClipboard();
  const formId = useId();
  const errors = touched ? tokenFormErrors(form) : {};
  const maxHours = settings.data ? settings.data.max_lifetime_ms / 3_600_000 : Number.POSITIVE_INFINITY;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(tokenFormErrors(form)).length) return;
    onSubmit(tokenBody(form));
  };

  if (created)
    return (
      <Modal
        open
        onClose={onClose}
        size="md"
        title="Token created"
        footer={
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Copy the token now: it will be shown only once.
          </p>
          <div className="flex items-center gap-2">
            <input
              readOnly
              aria-label="New token"
              className="flex-1 rounded bg-zinc-100 px-2 py-1.5 font-mono text-xs"
              value={created}
              onFocus={(e) => e.target.select()}
            />
            <Button size="sm" onClick={() => copy(created, 'Token copied to clipboard')}>
              Copy
            </Button>
          </div>
          <p className="text-xs text-zinc-500">
            Send it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>, or as Basic auth with
            user <code className="font-mono">token</code>.
          </p>
        </div>
      </Modal>
    );

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title="Create Token"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {busy ? 'Creating…' : 'Create'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField label="Name" required error={errors.name}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              data-autofocus
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label="Expiry"
            help={settings.data ? `At most ${Math.round(maxHours / 24)} days on this server` : undefined}
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                className={inputClass}
                aria-describedby={describedBy}
                value={form.expiry}
                onChange={(e) => setForm((f) => ({ ...f, expiry: e.target.value }))}
              >
                {EXPIRY_OPTIONS.map((o) => (
                  <option key={o.label} value={o.label} disabled={(o.hours ?? Number.POSITIVE_INFINITY) > maxHours}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-zinc-700">
            <input
              type="checkbox"
              checked={form.autoRenew}
              onChange={(e) => setForm((f) => ({ ...f, autoRenew: e.target.checked }))}
            />
            Auto-renew when used
          </label>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-xs font-medium text-zinc-700">Scope</legend>
          <div className="flex flex-wrap gap-4">
            {(Object.keys(SCOPE_HELP) as ScopeKind[]).map((k) => (
              <label key={k} className="flex items-center gap-1.5 text-sm text-zinc-700">
                <input
                  type="radio"
                  name="scope"
                  checked={form.scope === k}
                  onChange={() => setForm((f) => ({ ...f, scope: k }))}
                />
                {k}
              </label>
            ))}
          </div>
          <p className="text-xs text-zinc-500">{SCOPE_HELP[form.scope]}</p>
          {form.scope === 'Custom' && (
            <table aria-label="Custom scope" className="text-sm">
              <tbody>
                {CUSTOM_OBJECTS.map((object) => (
                  <tr key={object} className="border-b border-zinc-100">
                    <td className="py-1 pr-3 font-mono text-xs">{object}</td>
                    <td className="py-1">
                      <select
                        aria-label={`Access to ${object}`}
                        className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs"
                        value={form.custom[object] ?? 'None'}
                        onChange={(e) =>
                          setForm((f) => ({ ...f, custom: { ...f.custom, [object]: e.target.value as CustomLevel } }))
                        }
                      >
                        {levelsFor(object).map((l) => (
                          <option key={l}>{l}</option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {errors.scope && (
            <p role="alert" className="text-xs text-red-600">
              {errors.scope}
            </p>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
