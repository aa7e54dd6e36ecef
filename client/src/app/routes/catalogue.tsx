import { useUser } from '@/features/auth/api/get-user';
import { ChallengeCatalogue } from '@/features/challenges/components/challenge-catalogue';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

export function CatalogueRoute() {
  const { data: user } = useUser();
  useDocumentTitle(t`Challenges`);
  return (
    <section aria-labelledby="catalogue-title" className="grid gap-4">
      <div>
        <h1 id="catalogue-title" className="text-2xl font-extrabold tracking-tight">
          {t`Challenges`}
        </h1>
        <p className="text-muted-foreground">
          {t`Pick a challenge, beat the clock and climb the leaderboard.`}
        </p>
      </div>
      <ChallengeCatalogue signedIn={Boolean(user)} />
    </section>
  );
}
