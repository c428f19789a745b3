import { Type, type Static } from 'typebox';

/** Every API error body: `{ statusCode, error, message }`. The client shows `message`. */
export const ApiErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** The non-empty `message` of a parsed error body, if it has one. */
export function errorBodyMessage(body: unknown): string | undefined {
  if (
    body &&
    typeof body === 'object' &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message
  )
    return body.message;
  return undefined;
}

/** Generic client-side error text when the body carries no message. */
export function apiErrorMessage(status: number, body: unknown): string {
  return errorBodyMessage(body) ?? `API error with status: ${status}`;
}

export const INVALID_JSON_MESSAGE = 'Server response was not valid JSON';
