import { t } from '@lingui/core/macro';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

/** What a member who is not a moderator sees at the moderation address. */
export function NotAllowed({ backHref }: { backHref: string }) {
  return (
    <section
      className="mx-auto grid max-w-md gap-4 py-10 text-center"
      aria-labelledby="moderation-not-allowed"
    >
      <h1 id="moderation-not-allowed" className="text-2xl font-extrabold tracking-tight">
        {t`Not allowed`}
      </h1>
      <p className="text-muted-foreground">
        {t`Only moderators can open the Moderation screen. If something on a board or a profile looks wrong, use Report beside it.`}
      </p>
      <Link href={backHref} className={buttonVariants({ variant: 'outline' })}>
        {t`Back to your profile`}
      </Link>
    </section>
  );
}
