import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';

/** The cached reads a write makes stale: fixed keys, or keys read from the reply and what was sent. */
type StaleKeys<TData, TVariables> =
  | readonly QueryKey[]
  | ((reply: TData, variables: TVariables) => readonly QueryKey[]);

/**
 * A write that marks the cached reads it changes stale once it succeeds, or with `settled` after an
 * error too (a refusal that means the list on screen is out of date). The refresh is awaited, so the
 * mutation stays pending (its button busy) until the lists shown have been asked again.
 */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: StaleKeys<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables>;
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: readonly QueryKey[],
  options: { settled: true },
): UseMutationResult<TData, Error, TVariables>;
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: StaleKeys<TData, TVariables>,
  options: { settled?: boolean } = {},
): UseMutationResult<TData, Error, TVariables> {
  const queryClient = useQueryClient();
  const refresh = (keys: readonly QueryKey[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const keysOf = (reply: TData, variables: TVariables) =>
    typeof stale === 'function' ? stale(reply, variables) : stale;
  return useMutation({
    mutationFn,
    onSuccess: options.settled ? undefined : (reply, variables) => refresh(keysOf(reply, variables)),
    onSettled: options.settled
      ? (reply, _error, variables) => refresh(keysOf(reply as TData, variables))
      : undefined,
  });
}
