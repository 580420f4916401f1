/** A section of /profile-settings and the flow groups (methods) it shows. */
export interface SettingsSection {
  title: string;
  description: string;
  groups: string[];
}

/** The six sections of the profile settings, in the order shown. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { title: 'Profile Settings', description: 'Your name and email address.', groups: ['profile'] },
  { title: 'Change Password', description: 'Choose a new password for signing in.', groups: ['password'] },
  {
    title: 'Manage Social Sign In',
    description: 'Sign in with an account you already have elsewhere.',
    groups: ['oidc'],
  },
  {
    title: 'Manage 2FA Backup Recovery Codes',
    description: 'One-time codes for when your authenticator app is not at hand. Each code works once.',
    groups: ['lookup_secret'],
  },
  {
    title: 'Manage 2FA TOTP Authenticator App',
    description: 'Scan the QR code with an authenticator app, then enter the code it shows.',
    groups: ['totp'],
  },
  {
    title: 'Manage Hardware Tokens and Biometrics',
    description: 'Security keys and passkeys (fingerprint, face or device PIN).',
    groups: ['webauthn', 'passkey'],
  },
];

/**
 * The sections to show for the groups a settings flow has: the six (only those with
 * nodes), then one per group the identity server added that none of them covers.
 */
export function sectionsFor(groups: readonly string[]): SettingsSection[] {
  const known = SETTINGS_SECTIONS.filter((s) => s.groups.some((g) => groups.includes(g)));
  const covered = new Set(SETTINGS_SECTIONS.flatMap((s) => s.groups));
  const extra = groups
    .filter((g) => g !== 'default' && !covered.has(g))
    .map((g) => ({ title: g.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), description: '', groups: [g] }));
  return [...known, ...extra];
}

/** How long a settings message stays (10000 ms). */
export const SETTINGS_MESSAGE_MS = 10_000;
