import { describe, expect, it } from 'vitest';
import { sectionsFor } from './settingsSections.js';

describe('sectionsFor', () => {
  it('keeps the spec order and shows only sections with nodes', () => {
    expect(sectionsFor(['totp', 'password', 'profile', 'lookup_secret']).map((s) => s.title)).toEqual([
      'Profile Settings',
      'Change Password',
      'Manage 2FA Backup Recovery Codes',
      'Manage 2FA TOTP Authenticator App',
    ]);
  });

  it('puts passkeys with security keys and gives a new method its own section', () => {
    const titles = sectionsFor(['passkey', 'webauthn', 'saml']).map((s) => s.title);
    expect(titles).toEqual(['Manage Hardware Tokens and Biometrics', 'Saml']);
  });
});
