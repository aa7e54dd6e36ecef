import { useUser } from '@/features/auth/api/get-user';
import { ModerationScreen } from '@/features/moderation/components/moderation-screen';
import { NotAllowed } from '@/features/moderation/components/not-allowed';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

// Protected (RequireAuth in the router): a visitor goes to sign-in first. A member who is not a
// moderator is told so; the API refuses them too (403), whatever the screen shows.
export default function ModerationRoute() {
  const { data: user } = useUser();
  useDocumentTitle(user && !user.isModerator ? t`Not allowed` : t`Moderation`);
  if (!user) return null;
  if (!user.isModerator) return <NotAllowed backHref={paths.profile.getHref()} />;
  return <ModerationScreen />;
}
