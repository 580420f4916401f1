/**
 * Errors of the Kratos public API in herodot's envelope:
 * `{ error: { id, code, status, reason, message, details } , ...extra }`. Ory's clients read
 * `error.id`, so ids and HTTP codes follow Kratos (`text/message_error.go`, `x/errors.go`).
 */
export class KratosError extends Error {
  constructor(
    readonly code: number,
    readonly id: string | undefined,
    message: string,
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
    /** Top-level fields next to `error` (use_flow_id, redirect_browser_to, expired_at...). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The JSON body of the response. */
  toBody(): Record<string, unknown> {
    const error: Record<string, unknown> = {
      code: this.code,
      status: STATUS[this.code] ?? 'Error',
      message: this.message,
    };
    if (this.id) error.id = this.id;
    if (this.reason) error.reason = this.reason;
    if (Object.keys(this.details).length) error.details = this.details;
    return { error, ...this.extra };
  }
}

const STATUS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export const kratosErrors = {
  csrfViolation: (hint: string) =>
    new KratosError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
      { docs: 'https://www.ory.sh/kratos/docs/debug/csrf', hint, reject_reason: hint },
    ),
  flowExpired: (expiredAt: Date, now: Date, useFlowId: string) => {
    const minutes = (now.getTime() - expiredAt.getTime()) / 60_000;
    return new KratosError(
      410,
      'self_service_flow_expired',
      'self-service flow expired',
      `The self-service flow expired ${minutes.toFixed(2)} minutes ago, initialize a new one.`,
      {},
      { expired_at: expiredAt.toISOString(), since: Math.round(minutes * 60e9), use_flow_id: useFlowId },
    );
  },
  flowDisabled: (kind: string) =>
    new KratosError(400, 'self_service_flow_disabled', `${kind} flow disabled`, `The ${kind} flow is disabled.`),
  returnToForbidden: (url: string) =>
    new KratosError(
      400,
      'self_service_flow_return_to_forbidden',
      'The request was malformed or contained invalid parameters',
      `Requested return_to URL "${url}" is not allowed.`,
    ),
  sessionAlreadyAvailable: () =>
    new KratosError(
      400,
      'session_already_available',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    ),
  aalAlreadyFulfilled: () =>
    new KratosError(
      400,
      'session_aal_already_fulfilled',
      'Session already has the requested authenticator assurance level.',
      'The session already has the requested authenticator assurance level.',
    ),
  aal1Required: () =>
    new KratosError(
      401,
      'session_aal1_required',
      'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
      'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
    ),
  aal2Required: (redirect: string) =>
    new KratosError(
      403,
      'session_aal2_required',
      'Session does not fulfill the requested Authenticator Assurance Level',
      'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must use a second factor to be considered valid.',
      { redirect_browser_to: redirect },
      { redirect_browser_to: redirect },
    ),
  refreshRequired: (redirect: string) =>
    new KratosError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      { redirect_browser_to: redirect },
      { redirect_browser_to: redirect },
    ),
  sessionInactive: () =>
    new KratosError(
      401,
      'session_inactive',
      'request does not have a valid authentication session',
      'No active session was found in this request.',
    ),
  identityMismatch: () =>
    new KratosError(
      403,
      'security_identity_mismatch',
      'the requested action was forbidden',
      'The flow was interrupted because the session identity does not match the flow identity.',
    ),
  identityDisabled: () =>
    new KratosError(400, 'identity_disabled', 'identity is disabled', 'This account was disabled.'),
  locationChange: (url: string) =>
    new KratosError(
      422,
      'browser_location_change_required',
      'browser location change required',
      `In order to complete this flow please redirect the browser to: ${url}`,
      { redirect_browser_to: url },
      { redirect_browser_to: url },
    ),
  notFound: (what = 'The requested resource could not be found') => new KratosError(404, undefined, what, ''),
  badRequest: (reason: string) =>
    new KratosError(400, undefined, 'The request was malformed or contained invalid parameters', reason),
  tooManyRequests: (reason: string, retryAfterMs?: number) =>
    new KratosError(
      429,
      'rate_limit_exceeded',
      'Too many requests',
      reason,
      {},
      {},
      retryAfterMs === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    ),
};
