import { text, type UiText } from './text.js';

/** Kratos UI node groups (`ui/node/node.go`). */
export type NodeGroup =
  | 'default'
  | 'password'
  | 'oidc'
  | 'profile'
  | 'link'
  | 'code'
  | 'totp'
  | 'lookup_secret'
  | 'webauthn'
  | 'passkey'
  | 'identifier_first';

export interface InputAttributes {
  node_type: 'input';
  name: string;
  type: 'text' | 'password' | 'number' | 'checkbox' | 'hidden' | 'email' | 'tel' | 'submit' | 'button';
  value?: unknown;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
  onclick?: string;
  onclickTrigger?: string;
  onloadTrigger?: string;
}

export type NodeAttributes =
  | InputAttributes
  | { node_type: 'text'; id: string; text: UiText }
  | { node_type: 'img'; id: string; src: string; width: number; height: number }
  | { node_type: 'a'; id: string; href: string; title: UiText }
  | {
      node_type: 'script';
      id: string;
      src: string;
      async: boolean;
      type: string;
      integrity: string;
      crossorigin: string;
      referrerpolicy: string;
      nonce: string;
    };

export interface UiNode {
  type: 'input' | 'text' | 'img' | 'a' | 'script' | 'div';
  group: NodeGroup;
  attributes: NodeAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

/** The `ui` container of a flow. */
export interface UiContainer {
  action: string;
  method: 'POST';
  nodes: UiNode[];
  messages?: UiText[];
}

type InputOptions = Partial<Omit<InputAttributes, 'node_type' | 'name' | 'type'>> & { label?: UiText };

/** An input node; `disabled` defaults to false as Kratos sends it. */
export function input(group: NodeGroup, name: string, type: InputAttributes['type'], opts: InputOptions = {}): UiNode {
  const { label, ...rest } = opts;
  return {
    type: 'input',
    group,
    attributes: { name, type, disabled: false, node_type: 'input', ...rest },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** A submit button: Kratos names it `method` (or an action name) with the method as value. */
export function submit(group: NodeGroup, label: UiText, name = 'method', value: unknown = group): UiNode {
  return input(group, name, 'submit', { value, label });
}

export function textNode(group: NodeGroup, id: string, body: UiText, label?: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { node_type: 'text', id, text: body },
    messages: [],
    meta: label ? { label } : {},
  };
}

export function imgNode(group: NodeGroup, id: string, src: string, size: number, label?: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { node_type: 'img', id, src, width: size, height: size },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** The hidden anti-CSRF input every browser flow carries. */
export function csrfNode(token: string): UiNode {
  return input('default', 'csrf_token', 'hidden', { value: token, required: true });
}

/** The identity traits as inputs (the identity schema: email, name.first, name.last). */
export function traitNodes(group: NodeGroup, traits?: { email?: string; name?: { first?: string; last?: string } }) {
  return [
    input(group, 'traits.email', 'email', {
      required: true,
      autocomplete: 'email',
      value: traits?.email,
      label: text.labelGenerated('E-Mail', 'traits.email'),
    }),
    input(group, 'traits.name.first', 'text', {
      value: traits?.name?.first,
      autocomplete: 'given-name',
      label: text.labelGenerated('First Name', 'traits.name.first'),
    }),
    input(group, 'traits.name.last', 'text', {
      value: traits?.name?.last,
      autocomplete: 'family-name',
      label: text.labelGenerated('Last Name', 'traits.name.last'),
    }),
  ];
}

/** Fills values and per-field messages into nodes by input name (a failed submit echoes the form). */
export function applyFieldState(
  nodes: UiNode[],
  values: Record<string, unknown>,
  fieldMessages: Record<string, UiText[]>,
): UiNode[] {
  return nodes.map((n) => {
    if (n.attributes.node_type !== 'input') return n;
    const name = n.attributes.name;
    const keepValue = n.attributes.type !== 'password' && n.attributes.type !== 'submit' && name !== 'csrf_token';
    const attributes = keepValue && name in values ? { ...n.attributes, value: values[name] } : n.attributes;
    return { ...n, attributes, messages: fieldMessages[name] ?? n.messages };
  });
}
