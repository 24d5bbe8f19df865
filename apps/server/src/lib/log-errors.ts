/** How a failed query's values show in the log: not at all. */
const HIDDEN = '\nparams: [not logged]';

/**
 * An error as the log may keep it: a failed query (drizzle's, which carries `query` and `params`)
 * keeps its SQL but not its values, which are people's words and addresses (a chat message's text,
 * an e-mail); its cause stays. Any other value is returned as it is.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const hide = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, HIDDEN);
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & { params?: unknown };
  Object.assign(copy, error);
  delete copy.params;
  for (const [key, value] of [
    ['message', hide(error.message)],
    ['stack', hide(error.stack)],
  ] as const)
    Object.defineProperty(copy, key, { value, writable: true, configurable: true, enumerable: false });
  return copy;
}
