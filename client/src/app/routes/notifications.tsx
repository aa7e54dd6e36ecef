import { DigestSettings } from '@/features/notifications/components/digest-settings';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

// The member's notifications (docs/decisions/0253-notifications.md): the list, then the digest's opt-in.
export default function NotificationsRoute() {
  useDocumentTitle(t`Notifications`);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <h1 className="text-2xl font-extrabold">{t`Notifications`}</h1>
      <NotificationList />
      <section className="grid gap-2" aria-labelledby="digest-heading">
        <h2 id="digest-heading" className="text-lg font-bold">
          {t`By email or push`}
        </h2>
        <DigestSettings />
      </section>
    </div>
  );
}
