import { and, eq, sql } from 'drizzle-orm';
import { say } from '@common/say';
import type { AnyLanguage } from '@common/languages';
import { currentLanguage } from '../../lib/i18n';
import {
  DEFAULT_CHALLENGE,
  formatHold,
  formatScore,
  isDefaultId,
  rankValue,
  type OpenChallenge,
  type Scoring,
} from '@common/challenges';
import { APP_NAME, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@common/constants';
import { TIER_WORDS, type ScoreTier } from '@common/tiers';
import type { Db } from '../../db/client';
import { users, workouts } from '../../db/schema';

// Link previews of public profiles and challenge links: Open Graph / Twitter tags in index.html
// and a 1200x630 PNG share card (docs/decisions/0056-link-previews.md, docs/decisions/0083-challenge-link-preview.md).
// Absolute URLs start with PUBLIC_URL, never with the request's Host (docs/decisions/0082-public-url.md).

export interface PreviewFacts {
  username: string;
  /** The member's best and sets in the challenge asked about (the push-up challenge by default). */
  best: number;
  totalWorkouts: number;
  /** The best's rank value (workouts.rank_value: more is better), and whether it is a capped run. */
  bestRank: number;
  bestCapped: boolean;
  /** The best's tier (common/tiers.ts); 'entered' without sets. */
  bestTier: ScoreTier;
}

/**
 * The facts a preview shows, or null for an unknown, private or suspended member (generic tags
 * then). Sets a moderator hid are left out (docs/decisions/0151-hidden-workouts.md).
 */
export async function previewFacts(
  db: Db,
  username: string,
  challenge = DEFAULT_CHALLENGE,
): Promise<PreviewFacts | null> {
  const rows = await db
    .select({
      username: users.username,
      isPrivate: users.isPrivate,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
      // The best by rank value: its rank, and its score with the cap mark as the sign.
      bestRank: sql<number>`coalesce(max(${workouts.rankValue}), 0)::int`.mapWith(Number),
      best: sql<number>`coalesce((array_agg(case when ${workouts.capped} then -${workouts.score} else ${workouts.score} end
        order by ${workouts.rankValue} desc))[1], 0)::int`.mapWith(Number),
      totalWorkouts: sql<number>`count(${workouts.id})::int`.mapWith(Number),
      bestTier: sql<ScoreTier>`coalesce((array_agg(${workouts.tier} order by ${workouts.rankValue} desc))[1], 'entered')`,
    })
    .from(users)
    .leftJoin(
      workouts,
      and(
        eq(workouts.userId, users.id),
        eq(workouts.challenge, challenge),
        sql`not exists (select 1 from hidden_workouts h where h.workout_id = ${workouts.id})`,
      ),
    )
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .groupBy(users.id);
  const row = rows[0];
  if (!row || row.isPrivate || row.suspended) return null;
  return {
    username: row.username,
    best: Math.abs(row.best),
    totalWorkouts: row.totalWorkouts,
    bestRank: row.bestRank,
    bestCapped: row.best < 0,
    bestTier: row.bestTier,
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface PreviewTags {
  type: 'profile' | 'website';
  title: string;
  description: string;
  image: string;
  url: string;
  /** Whether `image` is a share card (1200x630) rather than the app's icon. */
  card: boolean;
}

/**
 * The tags of a page that shows nothing of anyone. `base` is PUBLIC_URL, or '' for relative URLs.
 * The URL is the home page, not the path: that could repeat a private member's name.
 */
export function genericTags(base: string): PreviewTags {
  return {
    type: 'website',
    title: APP_NAME,
    description: say(
      'Take the 90 Second Push-up Challenge, log your workouts and climb the leaderboards.',
    ),
    image: `${base}/icons/icon-512.png`,
    url: `${base}/`,
    card: false,
  };
}

/** The card in the page's language: English keeps the address it always had. */
const langQuery = () => {
  const lang = currentLanguage();
  return lang === 'en' ? '' : `&lang=${lang}`;
};

const cardUrl = (base: string, username: string, query: string) =>
  `${base}/api/share-cards/${encodeURIComponent(username)}.png?${query}${langQuery()}`;

/** A public profile's tags, at `prefix` (/users or /90second/users) with the name as stored. */
export function profileTags(facts: PreviewFacts, base: string, prefix: string): PreviewTags {
  const name = facts.username;
  return {
    type: 'profile',
    title: say('{name} on {app}', { name, app: APP_NAME }),
    description:
      facts.totalWorkouts === 0
        ? say('{name} has joined the 90 Second Push-up Challenge on {app}.', {
            name,
            app: APP_NAME,
          })
        : say(
            '{count, plural, one {Best: {best} push-ups in 90 seconds ({tier}). 1 workout logged on {app}.} other {Best: {best} push-ups in 90 seconds ({tier}). {count} workouts logged on {app}.}}',
            {
              count: facts.totalWorkouts,
              best: facts.best,
              tier: TIER_WORDS[facts.bestTier].label,
              app: APP_NAME,
            },
          ),
    // ?best= makes a new best a new URL for the caches on the way; the card is drawn from the facts.
    image: cardUrl(base, facts.username, `best=${facts.best}`),
    url: `${base}${prefix}/${encodeURIComponent(facts.username)}`,
    card: true,
  };
}

export interface ChallengeTarget {
  beat: number;
  from: string;
  /** `&capped=1`: the score to beat is a capped run's reps. */
  capped: boolean;
}

/** The range a beat link's score may take: a capped run's reps, a finish's seconds, or the score's. */
export function beatRange(
  scoring: Pick<Scoring, 'kind' | 'min' | 'max'> &
    Partial<{ fastestSeconds: number; capSeconds: number }>,
  capped: boolean,
) {
  if (scoring.kind === 'for-time' && !capped)
    return { min: scoring.fastestSeconds ?? scoring.min, max: scoring.capSeconds ?? scoring.max };
  return { min: scoring.min, max: scoring.max };
}

/** Whether a member whose best has rank `bestRank` has reached a beat link's score. */
export const reached = (
  scoring: Scoring,
  target: { beat: number; capped: boolean },
  bestRank: number,
) => rankValue(scoring, target.beat, target.capped) <= bestRank;

/**
 * The target of a challenge link (/{slug}/timer?beat={score}&from={username}), or null: by the
 * same rules as the timer's (client/src/lib/challenge-link.ts), a score in the challenge's range
 * (the push-up challenge's by default) and a username's rules, each given once.
 */
export function parseChallengeTarget(
  query: unknown,
  scoring: Pick<Scoring, 'kind' | 'min' | 'max'> &
    Partial<{ fastestSeconds: number; capSeconds: number }> = {
    kind: 'reps',
    min: 1,
    max: 300,
  },
): ChallengeTarget | null {
  const q = (query ?? {}) as Record<string, unknown>;
  const beatText = q.beat;
  const from = q.from;
  if (typeof beatText !== 'string' || typeof from !== 'string') return null;
  if (!/^[1-9][0-9]{0,5}$/.test(beatText)) return null;
  // `&capped=1` only where a run can be capped; anything else is not this challenge's link.
  const capped = q.capped === '1';
  if (q.capped !== undefined && (!capped || scoring.kind !== 'for-time')) return null;
  const beat = Number(beatText);
  const range = beatRange(scoring, capped);
  if (beat < range.min || beat > range.max) return null;
  if (from.length < USERNAME_MIN || from.length > USERNAME_MAX || !USERNAME_PATTERN.test(from))
    return null;
  return { beat, from, capped };
}

/**
 * A challenge link's tags, for a public member who has done at least `beat` in one run (their
 * best): the page then never claims a count its member has not reached.
 */
export function challengeTags(
  facts: PreviewFacts,
  beat: number,
  base: string,
  challenge: Pick<OpenChallenge, 'id' | 'title' | 'path' | 'scoring' | 'timer'>,
  capped = false,
): PreviewTags {
  const query = new URLSearchParams({ beat: String(beat), from: facts.username });
  if (capped) query.set('capped', '1');
  const { kind } = challenge.scoring;
  // Each sentence whole, in the page's language (common/say.ts): a hold's and a finish's time as
  // m:ss, any other score in its unit.
  const name = facts.username;
  const time = formatHold(beat);
  const score = formatScore(challenge.scoring, beat, capped);
  const title =
    kind === 'seconds'
      ? say('{name} held {time}: can you beat it?', { name, time })
      : kind === 'for-time' && !capped
        ? say('{name} finished in {time}: can you beat it?', { name, time })
        : say('{name} did {score}: can you beat it?', {
            name,
            score: kind === 'reps' ? beat : score,
          });
  const take = { title: say(challenge.title), app: APP_NAME };
  const description =
    kind === 'seconds'
      ? say('{name} held a {time} plank. Take the {title} on {app} and beat it.', {
          name,
          time,
          ...take,
        })
      : kind === 'for-time' && !capped
        ? say('{name} finished in {time}. Take the {title} on {app} and beat it.', {
            name,
            time,
            ...take,
          })
        : challenge.timer.mode === 'countdown'
          ? say('{name} did {score} in {seconds} seconds. Take the {title} on {app} and beat it.', {
              name,
              score,
              seconds: challenge.timer.seconds,
              ...take,
            })
          : say('{name} did {score}. Take the {title} on {app} and beat it.', {
              name,
              score,
              ...take,
            });
  // The default challenge's card needs no `challenge` (the spec's links); a capped run says so.
  const cardQuery = `beat=${beat}${isDefaultId(challenge.id) ? '' : `&challenge=${challenge.id}`}${capped ? '&capped=1' : ''}`;
  return {
    type: 'website',
    title,
    description,
    image: cardUrl(base, facts.username, cardQuery),
    url: `${base}${challenge.path}/timer?${query}`,
    card: true,
  };
}

/** "1 member", "1,234 members": a club's card and its page's tags. */
export const MEMBERS = '{n, plural, one {{count} member} other {{count} members}}';

/** Open Graph's locale (language_TERRITORY) of each language a page is said in. */
const OG_LOCALES: Record<AnyLanguage, string> = {
  en: 'en_US',
  de: 'de_DE',
  es: 'es_ES',
  'en-XA': 'en_US',
};

/**
 * index.html with the preview's tags in its head (every value escaped), and `<html lang>` and
 * `og:locale` naming the language the tags are said in (the link's ?lang=, else the request's).
 */
export function renderIndexHtml(
  indexHtml: string,
  tags: PreviewTags,
  lang: AnyLanguage = currentLanguage(),
): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    meta('property', 'og:locale', OG_LOCALES[lang]),
    meta('property', 'og:type', tags.type),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:image', tags.image),
    ...(tags.card
      ? [
          meta('property', 'og:image:width', '1200'),
          meta('property', 'og:image:height', '630'),
          meta('property', 'og:image:type', 'image/png'),
        ]
      : []),
    meta('name', 'twitter:card', tags.card ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image),
  ].join('\n    ');
  // Replacement functions, not strings: a `$&` in a value would be a pattern in a string.
  return indexHtml
    .replace(
      /<html(\s[^>]*)?>/,
      (_m, attrs: string = '') => `<html${attrs.replace(/\slang="[^"]*"/, '')} lang="${lang}">`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(tags.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () =>
      meta('name', 'description', tags.description),
    )
    .replace('</head>', () => `  ${head}\n  </head>`);
}
