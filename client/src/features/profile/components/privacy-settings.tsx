import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { User } from '@common/schemas/auth';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { useUpdateProfile } from '../api/update-profile';

type Setting = 'isPrivate' | 'showAgeGender' | 'clipsPublic';

const SETTINGS: { key: Setting; label: MessageDescriptor; description: MessageDescriptor }[] = [
  {
    key: 'isPrivate',
    label: msg`Private account`,
    description: msg`Others no longer see you on leaderboards or your profile page; you still see your own standing.`,
  },
  {
    key: 'showAgeGender',
    label: msg`Show my age and gender`,
    description: msg`When off, others see no age or gender, and you appear only under All Ages and All.`,
  },
  {
    key: 'clipsPublic',
    label: msg`Anyone may watch my proof clips`,
    description: msg`The short clip a camera set records as proof. When off, only you and moderators can watch it.`,
  },
];

/** The privacy switches; each change is saved at once. */
export function PrivacySettings({ user }: { user: User }) {
  const mutation = useUpdateProfile({
    onSuccess: () => toast({ title: t`Privacy updated`, description: t`Your choice is saved.` }),
    onError: (error) =>
      toast({ title: t`Not saved`, description: error.message, variant: 'destructive' }),
  });
  return (
    <ul className="grid gap-4">
      {SETTINGS.map(({ key, label, description }) => {
        // While saving, the switch shows the value being saved.
        const pending = mutation.isPending && mutation.variables?.[key] !== undefined;
        const checked = pending ? Boolean(mutation.variables![key]) : user[key];
        return (
          <li key={key} className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`privacy-${key}`}>{i18n._(label)}</Label>
              <p id={`privacy-${key}-description`} className="text-sm text-muted-foreground">
                {i18n._(description)}
              </p>
            </div>
            <Switch
              id={`privacy-${key}`}
              checked={checked}
              disabled={mutation.isPending}
              aria-describedby={`privacy-${key}-description`}
              onCheckedChange={(value) => mutation.mutate({ [key]: value })}
            />
          </li>
        );
      })}
    </ul>
  );
}
