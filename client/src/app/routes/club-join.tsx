import { useParams } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { ClubJoin } from '@/features/clubs/components/club-join';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

// Where an invite link leads; a visitor signs in and comes back (/auth?next=).
export default function ClubJoinRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  const user = useUser();
  useDocumentTitle(t`Join a club`);
  if (user.isPending) return null;
  const viewer = user.data
    ? { username: user.data.username, isPrivate: user.data.isPrivate }
    : null;
  return <ClubJoin slug={slug} viewer={viewer} />;
}
