import { badRequest } from '../errors';

/**
 * The deepest nesting a mutation's args may have. The real ones go four levels down (an update's
 * `changes.items[i].field`); everything after validation (structured cloning, the NUL check, the
 * merge) walks them recursively, so a deeper value is refused before any of it runs.
 */
export const MAX_ARGS_DEPTH = 16;
/**
 * The most values (objects, arrays and leaves) a mutation's args may hold: a document of 500
 * lines sent as an update with its base is about 10,000.
 */
export const MAX_ARGS_VALUES = 20_000;

export const ARGS_TOO_DEEP = `Mutation arguments are nested more than ${MAX_ARGS_DEPTH} levels deep`;
export const ARGS_TOO_LARGE = `Mutation arguments hold more than ${MAX_ARGS_VALUES} values`;

/**
 * Refuses (400) args nested deeper than MAX_ARGS_DEPTH or holding more than MAX_ARGS_VALUES
 * values. Iterative, with its own stack: it never overflows, whatever arrives.
 */
export function checkMutationArgs(args: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: args, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    values += 1;
    if (values > MAX_ARGS_VALUES) throw badRequest(ARGS_TOO_LARGE);
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_ARGS_DEPTH) throw badRequest(ARGS_TOO_DEEP);
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
}
