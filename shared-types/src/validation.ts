/** Small, framework-free validation helpers shared by the server and the PWA. */

/** A simple address pattern, as the spec's contact form uses. */
export const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function hasAngleBrackets(value: string): boolean {
  return /[<>]/.test(value);
}

export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, '');
}

/** The first message of a list of checks, or null when every check passes. */
export function firstError(checks: Array<string | null | false | undefined>): string | null {
  for (const check of checks) if (check) return check;
  return null;
}
