import { Mail } from 'lucide-react';
import type { User } from '@common/schemas/auth';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { GENDER_LABELS } from './edit-profile-dialog';

const genderLabel = (g: string) => GENDER_LABELS[g as keyof typeof GENDER_LABELS] ?? g;

/** The signed-in user's card: avatar, username, email, full name, and age and gender chips. */
export function ProfileCard({ user }: { user: User }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
        <UserAvatar
          src={user.profilePicture}
          name={`${user.username}'s avatar`}
          className="size-24 text-4xl"
        />
        <div className="grid gap-1">
          <h1 className="break-all text-2xl font-extrabold tracking-tight">{user.username}</h1>
          {user.fullName ? <p className="text-lg font-medium">{user.fullName}</p> : null}
          <p className="inline-flex items-center justify-center gap-1.5 break-all text-sm text-muted-foreground">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {user.email}
          </p>
        </div>
        <ul className="flex flex-wrap justify-center gap-2" aria-label="About you">
          <li>
            <Badge variant={user.age === null ? 'outline' : 'default'}>
              {user.age === null ? 'Age not set' : `Age ${user.age}`}
            </Badge>
          </li>
          <li>
            <Badge variant={user.gender === null ? 'outline' : 'default'}>
              {user.gender === null ? 'Gender not set' : genderLabel(user.gender)}
            </Badge>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
