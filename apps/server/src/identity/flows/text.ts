/**
 * Kratos UI messages (`text/id.go`, `text/message_*.go`). UIs localise by `id`, so the numbers
 * and their meaning must never change; the English text follows Kratos's wording.
 */
export interface UiText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

const info = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'info', context } : { id, text, type: 'info' };
const error = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'error', context } : { id, text, type: 'error' };
const success = (id: number, text: string, context?: Record<string, unknown>): UiText =>
  context ? { id, text, type: 'success', context } : { id, text, type: 'success' };

/** Message constructors by Kratos id. */
export const text = {
  loginRoot: () => info(1010001, 'Sign in'),
  loginReAuth: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  loginMfa: () => info(1010004, 'Please complete the second authentication challenge.'),
  loginTotpLabel: () => info(1010006, 'Authentication code'),
  loginLookupLabel: () => info(1010007, 'Backup recovery code'),
  loginWebAuthn: () => info(1010008, 'Sign in with hardware key'),
  loginTotp: () => info(1010009, 'Use Authenticator'),
  loginLookup: () => info(1010010, 'Use backup recovery code'),
  loginContinueWebAuthn: () => info(1010011, 'Continue with security key'),
  loginWith: (provider: string) => info(1010002, `Sign in with ${provider}`, { provider }),
  loginPasskey: () => info(1010021, 'Sign in with passkey'),
  registrationRoot: () => info(1040001, 'Sign up'),
  registrationWith: (provider: string) => info(1040002, `Sign up with ${provider}`, { provider }),
  registrationWebAuthn: () => info(1040004, 'Sign up with security key'),
  registrationPasskey: () => info(1040007, 'Sign up with passkey'),
  settingsSuccess: () => success(1050001, 'Your changes have been saved!'),
  settingsLinkOidc: (provider: string) => info(1050002, `Link ${provider}`, { provider }),
  settingsUnlinkOidc: (provider: string) => info(1050003, `Unlink ${provider}`, { provider }),
  settingsUnlinkTotp: () => info(1050004, 'Unlink TOTP Authenticator App'),
  settingsTotpQr: () => info(1050005, 'Authenticator app QR code'),
  settingsTotpSecret: (secret: string) => info(1050006, secret, { secret }),
  settingsRegenerateLookup: () => info(1050008, 'Generate new backup recovery codes'),
  settingsLookupSecretLabel: () =>
    info(1050010, 'These are your back up recovery codes. Please keep them in a safe place!'),
  settingsLookupConfirm: () => info(1050011, 'Confirm backup recovery codes'),
  settingsRegisterWebAuthn: () => info(1050012, 'Add security key'),
  settingsWebAuthnDisplayName: () => info(1050013, 'Name of the security key'),
  settingsLookupSecretList: (secrets: string[]) =>
    info(1050015, secrets.join(', '), { secrets: secrets.map((s) => ({ id: 1050009, text: s, type: 'info' })) }),
  settingsDisableLookup: () => info(1050016, 'Disable this method'),
  settingsTotpSecretLabel: () =>
    info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  settingsRemoveWebAuthn: (name: string) => info(1050018, `Remove security key "${name}"`, { display_name: name }),
  settingsAddPasskey: () => info(1050019, 'Add passkey'),
  settingsRemovePasskey: (name: string) => info(1050020, `Remove passkey "${name}"`, { display_name: name }),
  recoverySuccessful: (minutes: number) =>
    success(
      1060001,
      `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${minutes} minutes.`,
      { privileged_session_expires_at_unix_until_minutes: minutes },
    ),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  labelPassword: () => info(1070001, 'Password'),
  labelGenerated: (title: string, name: string) => info(1070002, title, { title, name }),
  labelSave: () => info(1070003, 'Save'),
  labelId: () => info(1070004, 'ID'),
  labelSubmit: () => info(1070005, 'Submit'),
  labelVerifyOtp: () => info(1070006, 'Verify code'),
  labelEmail: () => info(1070007, 'Email'),
  labelResendOtp: () => info(1070008, 'Resend code'),
  labelContinue: () => info(1070009, 'Continue'),
  labelRecoveryCode: () => info(1070010, 'Recovery code'),
  labelVerificationCode: () => info(1070011, 'Verification code'),
  verificationSuccessful: () => success(1080002, 'You successfully verified your email address.'),
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  validationGeneric: (reason: string) => error(4000001, reason, { reason }),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  invalidFormat: (value: string) => error(4000004, `"${value}" is not valid "email"`, { value }),
  passwordPolicy: (reason: string) => error(4000005, `The password can not be used because ${reason}.`, { reason }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicateCredentials: () =>
    error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  totpWrong: () => error(4000008, 'The provided authentication code is invalid, please try again.'),
  noTotp: () => error(4000011, 'You have no TOTP device set up.'),
  lookupUsed: () => error(4000012, 'This backup recovery code has already been used.'),
  noWebAuthn: () => error(4000013, 'You have no WebAuthn device set up.'),
  noLookup: () => error(4000014, 'You have no backup recovery codes set up.'),
  noWebAuthnUser: () => error(4000015, 'This account does not exist or has no security key set up.'),
  lookupInvalid: () => error(4000016, 'The backup recovery code is not valid.'),
  maxLength: (max: number, actual: number) =>
    error(4000017, `length must be <= ${max}, but got ${actual}`, { max_length: max, actual_length: actual }),
  passwordTooSimilar: () => error(4000031, 'The password can not be used because it is too similar to the identifier.'),
  passwordMinLength: (min: number, actual: number) =>
    error(4000032, `The password must be at least ${min} characters long, but got ${actual}.`, {
      min_length: min,
      actual_length: actual,
    }),
  passwordMaxLength: (max: number, actual: number) =>
    error(4000033, `The password must be at most ${max} characters long, but got ${actual}.`, {
      max_length: max,
      actual_length: actual,
    }),
  loginNoStrategy: () =>
    error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  registrationNoStrategy: () =>
    error(4010003, 'Could not find a strategy to sign you up with. Did you fill out the form correctly?'),
  settingsNoStrategy: () =>
    error(4010004, 'Could not find a strategy to update your settings. Did you fill out the form correctly?'),
  recoveryNoStrategy: () =>
    error(4010005, 'Could not find a strategy to recover your account with. Did you fill out the form correctly?'),
  verificationNoStrategy: () =>
    error(4010006, 'Could not find a strategy to verify your account with. Did you fill out the form correctly?'),
  recoveryCodeInvalid: () => error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationCodeInvalid: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
  flowExpired: (kind: string, minutes: number) =>
    error(
      { login: 4010001, registration: 4040001, settings: 4050001, recovery: 4060005, verification: 4070005 }[kind] ??
        4010001,
      `The ${kind} flow expired ${minutes.toFixed(2)} minutes ago, please try again.`,
      { expired_at_unix_since_minutes: minutes },
    ),
};
