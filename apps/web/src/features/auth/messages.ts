import type { UiText } from '@ory/client-fetch';

type Context = Record<string, unknown>;
const str = (ctx: Context | undefined, key: string) => String(ctx?.[key] ?? '');

/**
 * OpsDeck's wording of Kratos's messages, by their stable numeric id (Kratos `text/id.go`), so
 * the UI reads the same whichever identity server answers. Ids not listed keep the server's text.
 */
const TEXTS: Record<number, string | ((ctx?: Context) => string)> = {
  1010001: 'Sign in',
  1010002: (c) => `Sign in with ${str(c, 'provider')}`,
  1010003: 'Please confirm this action by verifying that it is you.',
  1010004: 'Please complete the second authentication challenge.',
  1010006: 'Authentication code',
  1010007: 'Backup recovery code',
  1010008: 'Sign in with hardware key',
  1010009: 'Use Authenticator',
  1010010: 'Use backup recovery code',
  1010021: 'Sign in with passkey',
  1040001: 'Sign up',
  1040002: (c) => `Sign up with ${str(c, 'provider')}`,
  1050001: 'Your changes have been saved!',
  1050002: (c) => `Link ${str(c, 'provider')}`,
  1050003: (c) => `Unlink ${str(c, 'provider')}`,
  1050004: 'Unlink TOTP Authenticator App',
  1050005: 'Authenticator app QR code',
  1050008: 'Generate new backup recovery codes',
  1050010: 'These are your back up recovery codes. Please keep them in a safe place!',
  1050011: 'Confirm backup recovery codes',
  1050012: 'Add security key',
  1050013: 'Name of the security key',
  1050016: 'Disable this method',
  1050017: 'This is your authenticator app secret. Use it if you can not scan the QR code.',
  1050019: 'Add passkey',
  1070001: 'Password',
  1070003: 'Save',
  // identifiers are email addresses in OpsDeck
  1070004: 'Email',
  1070005: 'Submit',
  1070006: 'Verify code',
  1070007: 'Email',
  1070008: 'Resend code',
  1070009: 'Continue',
  1070010: 'Recovery code',
  1070011: 'Verification code',
  1080002: 'You successfully verified your email address.',
  4000006:
    'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
  4000007: 'An account with the same identifier (email, phone, username, ...) exists already.',
  4000008: 'The provided authentication code is invalid, please try again.',
  4000012: 'This backup recovery code has already been used.',
  4000016: 'The backup recovery code is not valid.',
};

/** The text to show for a Kratos message or label. */
export function uiText(t: UiText | undefined): string {
  if (!t) return '';
  const known = TEXTS[t.id];
  if (known === undefined) return t.text;
  return typeof known === 'function' ? known(t.context as Context | undefined) : known;
}
