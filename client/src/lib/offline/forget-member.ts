import { rememberUser, setMayHaveQueued } from './last-user';

/**
 * What this device keeps of a member: their waiting saves and proof clips (IndexedDB), the last-loaded answers
 * and the last-user record. Cleared on sign-out and on account deletion. The service worker's
 * caches hold only the app's own files (never an API answer), but any other cache is dropped too
 * (docs/decisions/0055-pwa-and-offline-saves.md).
 */
export async function forgetMember(userId: number | undefined) {
  rememberUser(null);
  if (userId === undefined) return;
  setMayHaveQueued(userId, false);
  const { forgetCache } = await import('./query-cache');
  forgetCache(userId);
  const { clearMember } = await import('./outbox');
  await clearMember(userId);
  const { clearMemberClips } = await import('./clips');
  await clearMemberClips(userId);
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) await caches.delete(name);
    }
  }
}
