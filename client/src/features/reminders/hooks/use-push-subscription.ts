import { msg, t } from '@lingui/core/macro';
import { useCallback } from 'react';
import { i18n } from '@/lib/i18n';
import { addPushSubscription } from '../api/add-push-subscription';
import { getVapidKey } from '../api/get-vapid-key';
import { removePushSubscription } from '../api/remove-push-subscription';

/** Why push cannot be turned on here, in words for the member; null when it can. */
export function pushUnsupportedReason(): string | null {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return t`This browser cannot show notifications from FitBench. Use email reminders instead.`;
  }
  return null;
}

/** Shown with i18n._() in the page's language. */
export const PERMISSION_DENIED = msg`Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.`;

const keyBytes = (base64url: string) => {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/**
 * Subscribing this device to push (asked only when the member turns push on): permission, the
 * service worker's subscription with the server's VAPID key, then the server keeps it.
 */
export function usePushSubscription() {
  const subscribe = useCallback(async () => {
    const unsupported = pushUnsupportedReason();
    if (unsupported) throw new Error(unsupported);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new Error(i18n._(PERMISSION_DENIED));
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await getVapidKey();
    const existing = await registration.pushManager.getSubscription();
    const sub =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    await addPushSubscription({
      endpoint: json.endpoint,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    });
  }, []);

  const unsubscribe = useCallback(async () => {
    if (pushUnsupportedReason()) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const sub = await registration?.pushManager.getSubscription();
    if (!sub) return;
    await removePushSubscription(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  }, []);

  return { subscribe, unsubscribe };
}
