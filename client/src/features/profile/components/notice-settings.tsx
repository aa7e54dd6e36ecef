import { t } from '@lingui/core/macro';
import type { User } from '@common/schemas/auth';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useUpdateProfile } from '../api/update-profile';

/** Whether a sign-in from a new kind of device is emailed; saved at once. */
export function NoticeSettings({ user }: { user: User }) {
  const mutation = useUpdateProfile({
    onSuccess: () => toast({ title: t`Emails updated`, description: t`Your choice is saved.` }),
    onError: (error) =>
      toast({ title: t`Not saved`, description: error.message, variant: 'destructive' }),
  });
  const checked = mutation.isPending
    ? Boolean(mutation.variables?.newDeviceNotices)
    : user.newDeviceNotices;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="notices-new-device">{t`Email me about new sign-ins`}</Label>
        <p id="notices-new-device-description" className="text-sm text-muted-foreground">
          {t`A message when your account is signed in from a kind of device it never used. Emails about your password, address and account always come.`}
        </p>
      </div>
      <Switch
        id="notices-new-device"
        checked={checked}
        disabled={mutation.isPending}
        aria-describedby="notices-new-device-description"
        onCheckedChange={(value) => mutation.mutate({ newDeviceNotices: value })}
      />
    </div>
  );
}
