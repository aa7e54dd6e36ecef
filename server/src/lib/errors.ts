import { formatIcu } from '@common/say';

// Errors a handler throws on purpose; the error handler turns them into the JSON of docs/product.md#error-format.
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string[]>,
    public headers?: Record<string, string>,
    /**
     * A message with figures in it: its catalogue id (ICU, English) and values, so the error
     * handler can say it in the member's language (server/src/lib/i18n.ts).
     */
    public template?: { id: string; values: Record<string, string | number> },
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'You need to sign in to do that.') =>
  new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(409, message, errors);
export const tooManyRequests = (
  message: string,
  retryAfter: number,
  template?: HttpError['template'],
) => new HttpError(429, message, undefined, { 'retry-after': String(retryAfter) }, template);

/**
 * A 429 whose message has figures in it ("Please try again in {minutes} minutes."): `id` is its
 * English ICU message, the catalogue's msgid (server/src/locales/). The English is formatted now,
 * as the code always wrote it; the error handler says the template in the member's language.
 */
export const tooManyRequestsSaying = (
  id: string,
  values: Record<string, string | number>,
  retryAfter: number,
) => tooManyRequests(formatIcu(id, values), retryAfter, { id, values });
