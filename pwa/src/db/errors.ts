/** A local write refused before it is queued; `message` is the text to show, worded as the server would. */
export class ValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** Refuses a value outside a fixed list (a status the form could not offer) with `message`. */
export function requireOneOf(values: readonly string[], value: string, message: string): void {
  if (!values.includes(value)) throw new ValidationError(message);
}
