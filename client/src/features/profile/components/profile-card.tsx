import { t } from '@lingui/core/macro';
import { Mail } from 'lucide-react';
import type { User } from '@common/schemas/auth';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { i18n } from '@/lib/i18n';
import { GENDER_LABELS } from './edit-profile-dialog';

const genderLabel = (g: string) => {
  const label = GENDER_LABELS[g as keyof typeof GENDER_LABELS];
  return label ? i18n._(label) : g;
};

/** An email that may wrap before its @ (and after dots) rather than anywhere. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  const dots = (text: string) =>
    text.split('.').flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, `.${part}`]));
  return (
    <>
      {dots(email.slice(0, at))}
      <wbr />
      {'@'}
      {dots(email.slice(at + 1))}
    </>
  );
}

/** The signed-in user's card: avatar, username, email, full name, and age and gender chips. */
export function ProfileCard({ user }: { user: User }) {
  const { username, age } = user;
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
        <UserAvatar
          src={user.profilePicture}
          name={t`${username}'s avatar`}
          className="size-24 text-4xl"
        />
        {/* Long names end in an ellipsis (the whole name is in the title); a full name wraps
            between words, an email before its @: never in the middle of a word unless one word
            is wider than the card. */}
        <div className="grid w-full min-w-0 gap-1">
          <h1
            className="truncate text-2xl font-extrabold tracking-tight"
            title={user.username}
            data-testid="profile-username"
          >
            {user.username}
          </h1>
          {user.fullName ? (
            <p
              className="text-lg font-medium [overflow-wrap:anywhere]"
              data-testid="profile-full-name"
            >
              {user.fullName}
            </p>
          ) : null}
          <p className="flex items-start justify-center gap-1.5 text-sm text-muted-foreground">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span
              className="min-w-0 text-balance [overflow-wrap:anywhere]"
              data-testid="profile-email"
            >
              <EmailText email={user.email} />
            </span>
          </p>
        </div>
        <ul className="flex flex-wrap justify-center gap-2" aria-label={t`About you`}>
          <li>
            <Badge variant={user.age === null ? 'outline' : 'default'}>
              {age === null ? t`Age not set` : t`Age ${age}`}
            </Badge>
          </li>
          <li>
            <Badge variant={user.gender === null ? 'outline' : 'default'}>
              {user.gender === null ? t`Gender not set` : genderLabel(user.gender)}
            </Badge>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
