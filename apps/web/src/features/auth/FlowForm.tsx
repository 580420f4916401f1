import type { UiNode, UiNodeInputAttributes, UiNodeScriptAttributes } from '@ory/client-fetch';
import { type FormEvent, Fragment, useEffect, useRef } from 'react';
import { NodeView } from './NodeView.js';
import { inputAttrs, submitBody } from './nodes.js';
import { runTrigger } from './webauthn.js';

/** Loads the flow's script nodes from this origin once (a real Kratos ships webauthn.js this way). */
function useNodeScripts(nodes: readonly UiNode[]) {
  useEffect(() => {
    for (const n of nodes) {
      if (n.attributes.node_type !== 'script') continue;
      const s = n.attributes as UiNodeScriptAttributes;
      let src: URL;
      try {
        src = new URL(s.src, window.location.href);
      } catch {
        continue;
      }
      if (src.origin !== window.location.origin || document.getElementById(s.id)) continue;
      const el = document.createElement('script');
      el.id = s.id;
      el.src = src.href;
      el.async = s.async;
      if (s.integrity) el.integrity = s.integrity;
      if (s.nonce) el.nonce = s.nonce;
      el.crossOrigin = s.crossorigin || null;
      document.head.appendChild(el);
    }
  }, [nodes]);
}

export interface FlowFormProps {
  nodes: readonly UiNode[];
  /** Method groups to show; the `default` group (CSRF token, identifier) always comes along. */
  groups?: readonly string[];
  busy: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  /** Shown when a WebAuthn trigger fails in the browser. */
  onError: (message: string) => void;
  label?: string;
}

/**
 * A flow's nodes as one form, in the server's order, so a method the identity server adds
 * (security keys, social sign-in) shows up without a page change. Submits JSON through the SDK.
 */
export function FlowForm({ nodes, groups, busy, onSubmit, onError, label }: FlowFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const shown = nodes.filter((n) => n.group === 'default' || !groups || groups.includes(n.group));
  useNodeScripts(shown);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const pressed = submitter?.name ? { name: submitter.name, value: submitter.value } : undefined;
    onSubmit(submitBody(shown, new FormData(e.currentTarget), pressed));
  };

  const hooks = {
    busy,
    onTrigger: (attrs: UiNodeInputAttributes) => {
      const el = form.current;
      if (!el || !attrs.onclickTrigger) return;
      const base = submitBody(shown, new FormData(el));
      runTrigger(attrs.onclickTrigger, attrs.value, shown, el, (extra) => onSubmit({ ...base, ...extra })).catch(
        (err: unknown) => onError(err instanceof Error ? err.message : String(err)),
      );
    },
  };

  let previous: string | undefined;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={label} className="flex flex-col gap-4">
      {shown.map((node, i) => {
        const a = inputAttrs(node);
        const key = `${node.group}-${a?.name ?? (node.attributes as { id?: string }).id ?? i}-${String(a?.value ?? '')}`;
        const visible = a?.type !== 'hidden' && node.attributes.node_type !== 'script';
        // a divider between two ways of doing the same thing (password or passkey, app or backup code)
        const divide = visible && node.group !== 'default' && previous !== undefined && previous !== node.group;
        if (visible && node.group !== 'default') previous = node.group;
        return (
          <Fragment key={key}>
            {divide && (
              <div aria-hidden className="flex items-center gap-3 text-xs text-zinc-400">
                <span className="h-px flex-1 bg-zinc-200" />
                or
                <span className="h-px flex-1 bg-zinc-200" />
              </div>
            )}
            <NodeView node={node} hooks={hooks} />
          </Fragment>
        );
      })}
    </form>
  );
}
