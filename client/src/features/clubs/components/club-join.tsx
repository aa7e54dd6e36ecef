import { t } from '@lingui/core/macro';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { MissingPanel } from '@/components/ui/missing-panel';
import { paths } from '@/config/paths';
import { useClub } from '../api/get-club';
import { ClubGate, ClubHeading, JoinClubButton, type ClubViewer } from './club-parts';

const joinName = (name: string) => t`Join ${name}`;

function InvalidInvite() {
  return (
    <MissingPanel
      title={t`This invite link does not work`}
      backHref={paths.clubs.getHref()}
      backLabel={t`See clubs`}
    >
      {t`The club may have made a new link, or the link was copied only in part. Ask one of its members for the current one.`}
    </MissingPanel>
  );
}

/**
 * /clubs/{slug}/join?code=...: where an invite link leads. A visitor signs in (or registers) and
 * comes back here; a member joins with one press and lands on the club's page.
 */
export function ClubJoin({ slug, viewer }: { slug: string; viewer: ClubViewer | null }) {
  const search = useSearch();
  const code = new URLSearchParams(search).get('code') ?? undefined;
  const [pathname, navigate] = useLocation();
  const club = useClub(slug, code);
  if (!code) return <InvalidInvite />;
  return (
    <ClubGate club={club} notFound={<InvalidInvite />}>
      {(data) =>
        data.myRole !== null ? (
          <Redirect to={paths.club.getHref(data.slug)} replace />
        ) : (
          <Card className="mx-auto w-full max-w-lg">
            <CardHeader>
              <p className="text-sm font-semibold text-primary">{t`You are invited to join`}</p>
              <ClubHeading club={data} />
            </CardHeader>
            <CardContent className="grid gap-3">
              {viewer ? (
                <JoinClubButton
                  slug={slug}
                  code={code}
                  viewer={viewer}
                  wide
                  onJoined={(joined) =>
                    navigate(paths.club.getHref(joined.slug), { replace: true })
                  }
                >
                  {joinName(data.name)}
                </JoinClubButton>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground">
                    {t`Sign in or create an account to join. You will come back here.`}
                  </p>
                  <Button asChild>
                    <Link
                      href={paths.auth.getHref(`${pathname}?${search}`)}
                    >{t`Sign in to join`}</Link>
                  </Button>
                </>
              )}
            </CardContent>
          </Card>
        )
      }
    </ClubGate>
  );
}
