import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import type { NotificationSettings } from '@common/schemas/notifications';
import { i18n } from '@/lib/i18n';
import { useNotificationSettings } from '../api/get-notification-settings';
import { usePutNotificationSettings } from '../api/put-notification-settings';

const CHOICES: { key: keyof NotificationSettings; label: MessageDescriptor }[] = [
  { key: 'digestEmail', label: msg`Daily digest by email` },
  { key: 'digestPush', label: msg`Daily digest by push` },
];

/**
 * The digest's opt-in: off unless turned on; at most one a day, at the reminder time (or 18:00),
 * never in quiet hours (docs/decisions/0257-notification-digest.md). Push goes to the devices
 * turned on under Reminders.
 */
export function DigestSettings() {
  const query = useNotificationSettings();
  const put = usePutNotificationSettings({
    onError: (e) => toast({ title: t`Could not save`, description: e.message }),
  });
  if (!query.data) return <Skeleton className="h-20" />;
  const settings = put.variables ?? query.data;
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <p className="text-sm text-muted-foreground">
        {t`Notifications show here first. A digest of the unread ones can also come once a day.`}
      </p>
      {CHOICES.map(({ key, label }) => (
        <div key={key} className="flex items-center justify-between gap-4">
          <Label htmlFor={`digest-${key}`}>{i18n._(label)}</Label>
          <Switch
            id={`digest-${key}`}
            checked={settings[key]}
            disabled={put.isPending}
            onCheckedChange={(on) => put.mutate({ ...settings, [key]: on })}
          />
        </div>
      ))}
    </div>
  );
}
