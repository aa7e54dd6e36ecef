import { Trash2 } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { ClubView } from '@/features/clubs/components/club-view';
import { useTakeAction } from '@/features/moderation/api/take-action';
import { ActionDialog } from '@/features/moderation/components/action-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClubBoard } from './club-board';
import { t } from '@lingui/core/macro';

/**
 * A moderator's Remove club: the reason asked for as every moderation action asks it; the club is
 * gone for everyone until undone from the audit log on /moderation
 * (docs/decisions/0180-moderators-remove-clubs.md).
 */
function RemoveClub({ slug, name }: { slug: string; name: string }) {
  const action = useTakeAction();
  const [, navigate] = useLocation();
  return (
    <ActionDialog
      label={t`Remove club`}
      icon={<Trash2 aria-hidden="true" />}
      variant="destructive"
      title={t`Remove ${name}?`}
      description={t`The club, its board and its invite link are gone for everyone, its members too. Undo it from the audit log on the Moderation screen.`}
      confirmLabel={t`Remove club`}
      pendingLabel={t`Removing`}
      doneTitle={t`Club removed`}
      onConfirm={async (reason) => {
        await action.mutateAsync({ action: 'remove-club', target: { kind: 'club', slug }, reason });
        navigate(paths.clubs.getHref(), { replace: true });
      }}
    />
  );
}

// A public club is public; an invite-only one shows to its members (the server says 404 otherwise).
export default function ClubRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  const user = useUser();
  useDocumentTitle(t`Club`);
  if (user.isPending) return null;
  const viewer = user.data
    ? { username: user.data.username, isPrivate: user.data.isPrivate }
    : null;
  return (
    <ClubView
      key={slug}
      slug={slug}
      viewer={viewer}
      renderBoard={(club) => <ClubBoard slug={club.slug} viewer={viewer?.username ?? null} />}
      renderModeration={
        user.data?.isModerator
          ? (club) => <RemoveClub slug={club.slug} name={club.name} />
          : undefined
      }
    />
  );
}
