import { t } from '@lingui/core/macro';
import { Link2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { clubInvitePath } from '@common/schemas/clubs';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ShareMenu } from '@/components/ui/share-menu';
import { toast } from '@/components/ui/use-toast';
import { sharedInMyLanguage } from '@/lib/i18n';
import { useRegenerateInvite } from '../api/regenerate-invite';
import { rememberedInvite } from '../utils/invite-store';
import { ConfirmAction } from './confirm-button';

/**
 * The admins' invite link: shared with the share menu (native share, or copy link), and made anew
 * on demand, which revokes the old one. The server keeps only the code's hash, so the link shows
 * on the device that made it (utils/invite-store.ts); elsewhere the admin makes a new one.
 */
export function InvitePanel({ slug, name }: { slug: string; name: string }) {
  const [code, setCode] = useState(() => rememberedInvite(slug));
  const regenerate = useRegenerateInvite();
  // In the admin's language: the invite's preview and card are drawn in it (docs/i18n.md).
  const url = code
    ? sharedInMyLanguage(`${window.location.origin}${clubInvitePath(slug, code)}`)
    : null;
  const makeNew = () =>
    regenerate.mutate(slug, {
      onSuccess: (invite) => {
        setCode(invite.inviteCode);
        toast({ title: t`New invite link made`, description: t`The old link no longer works.` });
      },
      onError: (error) =>
        toast({
          title: t`Could not make a new link`,
          description: error.message,
          variant: 'destructive',
        }),
    });
  return (
    <section
      aria-labelledby="invite-heading"
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
    >
      <h2 id="invite-heading" className="flex items-center gap-2 font-bold">
        <Link2 className="size-4" aria-hidden="true" />
        {t`Invite link`}
      </h2>
      {url ? (
        <>
          <Input
            readOnly
            aria-label={t`Invite link`}
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-2">
            <ShareMenu
              url={url}
              title={t`Join ${name} on FitBench`}
              text={t`Join my club ${name} on FitBench`}
              label={t`Share invite`}
              variant="default"
            />
            <ConfirmAction
              trigger={
                <Button variant="outline" disabled={regenerate.isPending}>
                  <RefreshCw aria-hidden="true" />
                  {t`Regenerate`}
                </Button>
              }
              title={t`Make a new invite link?`}
              description={t`The current link stops working: people who have it can no longer join with it.`}
              action={t`Make a new link`}
              onConfirm={makeNew}
            />
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t`The invite link is shown only on the device that made it. Make a new one to share it from here: the old link stops working.`}
          </p>
          <ConfirmAction
            trigger={
              <Button
                variant="outline"
                disabled={regenerate.isPending}
                className="justify-self-start"
              >
                <RefreshCw aria-hidden="true" />
                {t`Make a new invite link`}
              </Button>
            }
            title={t`Make a new invite link?`}
            description={t`The current link stops working: people who have it can no longer join with it.`}
            action={t`Make a new link`}
            onConfirm={makeNew}
          />
        </>
      )}
    </section>
  );
}
