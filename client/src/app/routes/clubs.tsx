import { useUser } from '@/features/auth/api/get-user';
import { ClubsScreen } from '@/features/clubs/components/clubs-screen';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

// Public: visitors see the public clubs; members also their own and Create club.
export default function ClubsRoute() {
  const user = useUser();
  useDocumentTitle(t`Clubs`);
  if (user.isPending) return null;
  return <ClubsScreen signedIn={Boolean(user.data)} />;
}
