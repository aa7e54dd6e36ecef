import { useEffect } from 'react';
import { APP_NAME } from '@common/constants';

/** "Leaderboard · FitBench": the page's own name first, so tabs and screen readers tell pages apart. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/** Sets the document title while the calling screen shows; every route in app/routes names itself. */
export function useDocumentTitle(page?: string | null) {
  const title = documentTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
