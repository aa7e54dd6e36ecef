import { QueryObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import { firstUserFetch, getUser, markUserBound, setUserState, userQueryKey } from './get-user';

// 'always': offline the request fails at once and getUser falls back to the last user.
// Here, not in get-user.ts: the first script imports that, and must not import TanStack Query
// (docs/decisions/0061-js-budget-on-root.md, docs/decisions/0074-route-modulepreload.md).
const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getUser, networkMode: 'always' });

/**
 * Hands the current user over to the query client: the ['user'] query adopts the fetch already
 * made (no second request), and an observer that lives as long as the page keeps the store that
 * `useUser` reads in step with it (login, logout and profile edits set the query's data; an
 * invalidation refetches it).
 */
export function bindUserToQueryClient(client: QueryClient) {
  markUserBound();
  const options = userQueryOptions();
  client.prefetchQuery({ ...options, queryFn: firstUserFetch }).catch(() => undefined);
  const observer = new QueryObserver(client, options);
  const mirror = () => {
    const r = observer.getCurrentResult();
    setUserState({ data: r.data, isPending: r.isPending, isError: r.isError });
  };
  observer.subscribe(mirror);
  mirror();
}
