import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client';
import { HttpError } from '../lib/errors';
import { requestLanguage, translate } from '../lib/i18n';
import { sourceStack } from '../lib/source-stack';

/**
 * What of an unexpected error goes to the log: its type, SQLSTATE, message and stack, but never
 * the query's parameters (Drizzle puts them in its message: "Failed query: ...\nparams: ...",
 * and they hold usernames, emails, notes) nor the database's message or `detail` (which quote
 * values). Logged under `error`, not `err`: pino's err serializer would append the causes' messages.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const e = error as {
    name?: string;
    message?: string;
    stack?: string;
    code?: string;
    cause?: unknown;
  };
  const strip = (text: string | undefined) =>
    (text ?? '').replace(/\nparams:[\s\S]*$/, '\nparams: [not logged]');
  const cause = e?.cause as { name?: string; message?: string; code?: string } | undefined;
  return {
    type: e?.name ?? typeof error,
    message: strip(e?.message),
    ...(e?.code ? { code: e.code } : {}),
    // The stack starts with the message: swap in the stripped one, keep the frames.
    // In the build, its frames name the TypeScript files (lib/source-stack.ts).
    stack: sourceStack(
      e?.stack && e.message ? e.stack.replace(e.message, strip(e.message)) : e?.stack,
    ),
    // The database's own message may quote a value ('invalid input syntax for type integer: "..."'):
    // its SQLSTATE says enough.
    ...(cause ? { cause: { type: cause.name, code: cause.code } } : {}),
  };
}

/** Every error becomes JSON `{ message, errors? }`; only unexpected ones are a 500, never with a stack. */
export const errors = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // In the member's language when a catalogue has the message; English unchanged otherwise.
    const lang = requestLanguage(request);
    const say = (message: string) => translate(lang, message);
    const sayAll = (errors: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(errors).map(([k, list]) => [k, list.map(say)]));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message: say(first), errors: sayAll(fieldErrors) });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const message =
        error.template && lang !== 'en'
          ? translate(lang, error.template.id, error.template.values)
          : say(error.message);
      return reply
        .code(error.statusCode)
        .send({ message, ...(error.errors ? { errors: sayAll(error.errors) } : {}) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: say('The request body is too large.') });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: say('The request body is not valid JSON.') });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: say('Send the request body as application/json.') });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: say(error.message) });
    }
    // A database outage is temporary: say so at once rather than a 500 (docs/decisions/0038-database-outages.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: loggableError(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          message: say('The service is briefly unavailable. Please try again in a few seconds.'),
        });
    }
    request.log.error({ error: loggableError(error) }, 'unexpected error');
    return reply
      .code(500)
      .send({ message: say('Something went wrong on our side. Please try again.') });
  });
});
