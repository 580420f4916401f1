import type { UiNode } from '@ory/client-fetch';
import { inputAttrs } from './nodes.js';

type Submit = (extra: Record<string, unknown>) => void;

// Chromium and Firefox parse WebAuthn JSON options natively (WebAuthn level 3)
interface JsonCapableCredential {
  parseCreationOptionsFromJSON(o: unknown): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON(o: unknown): PublicKeyCredentialRequestOptions;
}

function nodeValue(nodes: readonly UiNode[], name: string): string {
  const node = nodes.find((n) => inputAttrs(n)?.name === name);
  const v = node ? inputAttrs(node)?.value : undefined;
  return typeof v === 'string' ? v : '';
}

function publicKeyOf(raw: string): unknown {
  const parsed = JSON.parse(raw) as { publicKey?: unknown };
  return parsed.publicKey ?? parsed;
}

function api(): JsonCapableCredential {
  const pkc = (globalThis as { PublicKeyCredential?: JsonCapableCredential }).PublicKeyCredential;
  if (!pkc?.parseCreationOptionsFromJSON) throw new Error('This browser does not support security keys or passkeys.');
  return pkc;
}

async function create(raw: string): Promise<string> {
  const publicKey = api().parseCreationOptionsFromJSON(publicKeyOf(raw));
  const cred = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!cred) throw new Error('No credential was created.');
  return JSON.stringify(cred.toJSON());
}

async function get(raw: string): Promise<string> {
  const publicKey = api().parseRequestOptionsFromJSON(publicKeyOf(raw));
  const cred = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!cred) throw new Error('No credential was chosen.');
  return JSON.stringify(cred.toJSON());
}

/**
 * Runs a node's `onclickTrigger` (Kratos names them after its webauthn.js functions). A script the
 * identity server ships wins; otherwise the browser's WebAuthn API is driven here and the result
 * submitted the way Kratos's script would.
 */
export async function runTrigger(
  trigger: string,
  buttonValue: unknown,
  nodes: readonly UiNode[],
  form: HTMLFormElement,
  submit: Submit,
): Promise<void> {
  const own = (window as unknown as Record<string, unknown>)[trigger];
  if (typeof own === 'function') {
    (own as (v: unknown) => void)(buttonValue);
    return;
  }
  const value = typeof buttonValue === 'string' ? buttonValue : '';
  switch (trigger) {
    case 'oryWebAuthnLogin':
      return submit({ method: 'webauthn', webauthn_login: await get(value) });
    case 'oryWebAuthnRegistration': {
      const name = new FormData(form).get('webauthn_register_displayname');
      return submit({
        method: 'webauthn',
        webauthn_register: await create(value),
        webauthn_register_displayname: typeof name === 'string' ? name : '',
      });
    }
    case 'oryPasskeyRegistration':
      return submit({
        method: 'passkey',
        passkey_settings_register: await create(nodeValue(nodes, 'passkey_create_data')),
      });
    case 'oryPasskeyLogin':
      return submit({ method: 'passkey', passkey_login: await get(nodeValue(nodes, 'passkey_challenge')) });
    default:
      throw new Error(`Unsupported action ${trigger}.`);
  }
}
