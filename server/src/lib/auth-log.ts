import type { FastifyRequest } from 'fastify';

/**
 * The auth events that get one structured log line each. docs/decisions/0033-logs.md
 * - login-ok, login-failed, lockout (a login refused by a throttle), logout
 * - password-changed, account-deleted (the account routes call this after their change commits)
 * - reset-requested (one per account a reset link went to), password-reset (a link was used)
 */
export type AuthEvent =
  | 'login-ok'
  | 'login-failed'
  | 'lockout'
  | 'logout'
  | 'register'
  | 'password-changed'
  | 'account-deleted'
  | 'reset-requested'
  | 'password-reset';

/**
 * Writes one JSON log line for an auth event: the event, the user id (null when unknown), the
 * client address and the request id. No username, email or password: personal data stays out of
 * the logs, and pino writes each line as JSON, so no value can break it into two.
 */
export function logAuthEvent(
  request: FastifyRequest,
  event: AuthEvent,
  details: { userId: number | null; reason?: string },
) {
  request.log.info(
    {
      auth: event,
      userId: details.userId,
      ip: request.ip,
      reqId: request.id,
      ...(details.reason ? { reason: details.reason } : {}),
    },
    `auth ${event}`,
  );
}
