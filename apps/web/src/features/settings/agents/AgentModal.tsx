import type { AgentInstall } from '@opsdeck/schema/agentInstall';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard.js';
import { AgentInstallTabs } from './AgentInstallTabs.js';
import { type AgentChanges, type AgentRow, parseProperties, propertiesText } from './api.js';

/**
 * Add Agent (name and properties) or Edit Agent (properties; the name is fixed). An admin editing
 * also sets whether the agent may send specs that run code and whether it receives actions.
 */
export function AgentModal({
  agent,
  admin = false,
  busy,
  serverError,
  onSubmit,
  onClose,
}: {
  agent?: AgentRow;
  admin?: boolean;
  busy: boolean;
  serverError?: string;
  onSubmit: (v: AgentChanges & { name: string }) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(agent?.name ?? '');
  const [props, setProps] = useState(propertiesText(agent?.properties ?? null));
  const [execAllowed, setExecAllowed] = useState(agent?.exec_allowed ?? false);
  const [registered, setRegistered] = useState(agent?.admin_registered ?? false);
  const trust = agent && admin;
  const [touched, setTouched] = useState(false);
  const formId = useId();
  const parsed = parseProperties(props);
  const nameError =
    touched && !name.trim() ? 'This field is required' : serverError?.startsWith('name') ? serverError : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim() || !parsed.ok) return;
    onSubmit({
      name: name.trim(),
      properties: parsed.value,
      ...(trust ? { exec_allowed: execAllowed, admin_registered: registered } : {}),
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={agent ? `Edit Agent ${agent.name}` : 'Add Agent'}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving…' : agent ? 'Save' : 'Generate'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormField label="Name" required error={nameError} help="Lower-case letters, digits and dashes">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={name}
              disabled={!!agent}
              onChange={(e) => setName(e.target.value)}
              data-autofocus
            />
          )}
        </FormField>
        <FormField
          label="Properties"
          error={parsed.ok ? undefined : parsed.message}
          help="Labels stamped on everything the agent creates: one key=value a line"
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={4}
              className={`${inputClass} font-mono`}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={props}
              onChange={(e) => setProps(e.target.value)}
            />
          )}
        </FormField>
        {trust && (
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-medium">Trust (admins only)</legend>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                role="switch"
                className="mt-0.5 h-4 w-4"
                checked={execAllowed}
                aria-checked={execAllowed}
                onChange={(e) => setExecAllowed(e.target.checked)}
              />
              <span>
                May run code
                <span className="block text-xs text-zinc-500">
                  Accept exec checks, exec scrapers and exec lookups this agent sends; off, they are refused.
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                role="switch"
                className="mt-0.5 h-4 w-4"
                checked={registered}
                aria-checked={registered}
                onChange={(e) => setRegistered(e.target.checked)}
              />
              <span>
                Receives playbook actions
                <span className="block text-xs text-zinc-500">
                  Confirmed by an admin: actions with runsOn this agent are handed to it, secrets included.
                </span>
              </span>
            </label>
          </fieldset>
        )}
      </form>
    </Modal>
  );
}

/** The new agent's token, shown once, and how to use it. */
export function AgentTokenModal({
  agent,
  onClose,
}: {
  agent: { name: string; username: string; access_token: string; install: AgentInstall };
  onClose: () => void;
}) {
  const copy = useCopyToClipboard();
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Agent ${agent.name} created`}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          Access token will be shown only once: copy it now.
        </p>
        <div className="flex items-center gap-2">
          <input
            readOnly
            aria-label="Agent token"
            className="flex-1 rounded bg-zinc-100 px-2 py-1.5 font-mono text-xs"
            value={agent.access_token}
            onFocus={(e) => e.target.select()}
          />
          <Button size="sm" onClick={() => copy(agent.access_token, 'Token copied to clipboard')}>
            Copy
          </Button>
        </div>
        <AgentInstallTabs agent={agent} />
        <p className="text-xs text-zinc-500">The token renews itself while used; deleting the agent ends it at once.</p>
      </div>
    </Modal>
  );
}
