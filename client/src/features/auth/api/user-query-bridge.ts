import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { firstUserFetch, markUserBound, setUserState, userQueryOptions } from './get-user';

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
