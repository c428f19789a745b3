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

/** Refuses a write with the rules' first problem, when they found one (its message is the refusal). */
export function refuseProblem(problem: string | null | undefined): void {
  if (problem) throw new ValidationError(problem);
}

/** Refuses a value outside a fixed list (a status the form could not offer) with `message`. */
export function requireOneOf(values: readonly string[], value: string, message: string): void {
  if (!values.includes(value)) throw new ValidationError(message);
}
