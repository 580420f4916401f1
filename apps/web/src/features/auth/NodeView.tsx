import type {
  UiNode,
  UiNodeAnchorAttributes,
  UiNodeImageAttributes,
  UiNodeInputAttributes,
  UiNodeTextAttributes,
  UiText,
} from '@ory/client-fetch';
import { useId } from 'react';
import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { uiText } from './messages.js';

const field =
  'block h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none disabled:bg-zinc-100 disabled:text-zinc-500';

/** Messages of a node or a flow, coloured by type; errors are announced. */
export function Messages({ messages, className }: { messages?: UiText[]; className?: string }) {
  if (!messages?.length) return null;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      {messages.map((m) => (
        <p
          key={`${m.id}-${m.text}`}
          role={m.type === 'error' ? 'alert' : 'status'}
          data-message-id={m.id}
          className={cx(
            'text-sm',
            m.type === 'error' ? 'text-red-600' : m.type === 'success' ? 'text-emerald-700' : 'text-zinc-600',
          )}
        >
          {uiText(m)}
        </p>
      ))}
    </div>
  );
}

/** Props a submit or trigger button needs from the form around it. */
export interface ButtonHooks {
  busy: boolean;
  onTrigger: (attrs: UiNodeInputAttributes) => void;
}

function InputNode({ node, attrs, hooks }: { node: UiNode; attrs: UiNodeInputAttributes; hooks: ButtonHooks }) {
  const id = useId();
  const label = uiText(attrs.label ?? node.meta.label);
  if (attrs.type === 'hidden') {
    return <input type="hidden" name={attrs.name} value={String(attrs.value ?? '')} />;
  }
  if (attrs.type === 'submit' || attrs.type === 'button') {
    const primary =
      attrs.name === 'method' && ['password', 'code', 'totp', 'profile', 'lookup_secret'].includes(node.group);
    const danger = /_(unlink|disable|remove)$/.test(attrs.name);
    return (
      <div className="flex flex-col gap-1">
        <Button
          type={attrs.type === 'submit' && !attrs.onclickTrigger ? 'submit' : 'button'}
          name={attrs.name}
          value={String(attrs.value ?? '')}
          disabled={attrs.disabled || hooks.busy}
          variant={danger ? 'danger' : primary ? 'primary' : 'secondary'}
          className="h-9 w-full"
          onClick={attrs.onclickTrigger ? () => hooks.onTrigger(attrs) : undefined}
        >
          {label || attrs.name}
        </Button>
        <Messages messages={node.messages} />
      </div>
    );
  }
  if (attrs.type === 'checkbox') {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            id={id}
            type="checkbox"
            name={attrs.name}
            value="true"
            defaultChecked={attrs.value === true}
            disabled={attrs.disabled}
            className="h-4 w-4 rounded border-zinc-300 text-indigo-600"
          />
          {label}
        </label>
        <Messages messages={node.messages} />
      </div>
    );
  }
  const invalid = node.messages.some((m) => m.type === 'error');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label || attrs.name}
        {attrs.required && (
          <span aria-hidden className="text-zinc-400">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={attrs.name}
        type={attrs.type}
        defaultValue={attrs.value === undefined || attrs.value === null ? undefined : String(attrs.value)}
        required={attrs.required}
        disabled={attrs.disabled}
        autoComplete={attrs.autocomplete}
        pattern={attrs.pattern}
        maxLength={attrs.maxlength}
        aria-invalid={invalid || undefined}
        className={cx(field, invalid && 'border-red-400')}
      />
      <Messages messages={node.messages} />
    </div>
  );
}

function TextNode({ node, attrs }: { node: UiNode; attrs: UiNodeTextAttributes }) {
  const secrets = (attrs.text.context as { secrets?: UiText[] } | undefined)?.secrets;
  const label = uiText(node.meta.label);
  return (
    <div className="flex flex-col gap-1.5">
      {label && <p className="text-sm text-zinc-600">{label}</p>}
      {secrets ? (
        <ul
          aria-label={label || 'Codes'}
          className="grid grid-cols-2 gap-1.5 rounded-md bg-zinc-50 p-3 ring-1 ring-zinc-200 sm:grid-cols-3"
        >
          {secrets.map((s) => (
            <li key={s.text} className="font-mono text-sm text-zinc-900">
              {s.text}
            </li>
          ))}
        </ul>
      ) : (
        <code
          data-testid={attrs.id}
          className="rounded-md bg-zinc-50 px-3 py-2 font-mono text-sm break-all text-zinc-900 ring-1 ring-zinc-200"
        >
          {uiText(attrs.text)}
        </code>
      )}
    </div>
  );
}

/**
 * One UI node of a flow, whatever its method: inputs with their label and messages beneath,
 * buttons, text (secrets, backup codes), images (the TOTP QR code) and links. Script nodes are
 * loaded by the form (useNodeScripts).
 */
export function NodeView({ node, hooks }: { node: UiNode; hooks: ButtonHooks }) {
  const a = node.attributes;
  switch (a.node_type) {
    case 'input':
      return <InputNode node={node} attrs={a as UiNodeInputAttributes} hooks={hooks} />;
    case 'text':
      return <TextNode node={node} attrs={a as UiNodeTextAttributes} />;
    case 'img': {
      const img = a as UiNodeImageAttributes;
      const label = uiText(node.meta.label) || 'Image';
      return (
        <figure className="flex flex-col items-center gap-1.5">
          <img
            src={img.src}
            width={img.width}
            height={img.height}
            alt={label}
            className="rounded-md ring-1 ring-zinc-200"
          />
          <figcaption className="text-xs text-zinc-500">{label}</figcaption>
        </figure>
      );
    }
    case 'a': {
      const link = a as UiNodeAnchorAttributes;
      return (
        <a href={link.href} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          {uiText(link.title)}
        </a>
      );
    }
    default:
      return null;
  }
}
