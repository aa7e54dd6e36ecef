import { formatHold, roundsOf, type Scoring, type Timer } from '@common/challenges';
import { APP_NAME } from '@common/constants';
import { say } from '@common/say';
import { countNow, currentLanguage } from '../../lib/i18n';
import { TIER_WORDS, type ScoreTier } from '@common/tiers';
import type { AddressBudget } from '../../lib/address-budget';
import type { CardNode, CardRenderer } from '../../lib/card-renderer';
import { tooManyRequests } from '../../lib/errors';
import { MEMBERS } from './previews.service';
import {
  clubChallengeCardKey,
  clubChallengeTree,
  type ClubChallengeCardContent,
} from './club-challenge-card';

// Share cards: 1200x630 PNGs for link previews, drawn on the render threads of
// server/src/lib/card-renderer.ts and kept by what they show (docs/decisions/0081-bounded-share-cards.md).

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The challenge a card is about, as the catalogue describes it (common/challenges.ts). */
export interface CardChallenge {
  id: string;
  title: string;
  scoring: Scoring;
  timer: Timer;
}

/** A member's card: their best, or a challenge to beat a count. */
export type MemberCardContent =
  | {
      kind: 'profile';
      challenge: CardChallenge;
      username: string;
      best: number;
      capped?: boolean;
      /** The best's tier (common/tiers.ts), written beside it. */
      tier?: ScoreTier;
    }
  | {
      kind: 'challenge';
      challenge: CardChallenge;
      username: string;
      beat: number;
      capped?: boolean;
    };

/**
 * Everything a card shows, and nothing else: two requests for the same content share one card.
 * A club's card shows its name and member count only (docs/decisions/0181-club-share-card.md).
 */
export type CardContent =
  | MemberCardContent
  | { kind: 'club'; name: string; memberCount: number }
  | ClubChallengeCardContent
  /** One set: its score in its challenge, its member and its day (./set-card.ts). */
  | {
      kind: 'set';
      id: number;
      challenge: CardChallenge;
      username: string;
      score: number;
      capped?: boolean;
      date: string;
      /** How far the score is proven (common/tiers.ts), written beside its day. */
      tier: ScoreTier;
    };

/** "90 s" / "2 minutes": a countdown's length as the card's small print says it. */
const spanText = (seconds: number, long: boolean) =>
  seconds >= 120 && seconds % 60 === 0
    ? say('{n} minutes', { n: seconds / 60 })
    : long
      ? say('{n} seconds', { n: seconds })
      : say('{n} s', { n: seconds });

/** The card's figure and the words beside it, in the challenge's unit. */
function cardWords(content: MemberCardContent): { figure: string; words: string; lead: string } {
  const { scoring, timer } = content.challenge;
  const count = content.kind === 'profile' ? content.best : content.beat;
  if (scoring.kind === 'seconds') {
    return {
      figure: formatHold(count),
      words: content.kind === 'profile' ? say('held: personal best') : say('held'),
      lead:
        content.kind === 'profile'
          ? content.username
          : say('{name} held on for', { name: content.username }),
    };
  }
  const best = content.kind === 'profile';
  if (scoring.kind === 'for-time' && !content.capped) {
    return {
      figure: formatHold(count),
      words: best ? say('to finish: personal best') : say('to finish'),
      lead: best ? content.username : say('{name} finished in', { name: content.username }),
    };
  }
  if (scoring.kind === 'for-time') {
    return {
      figure: say('CAP + {reps}', { reps: count }),
      words: best
        ? say('{unit} at the cap: personal best', { unit: say(scoring.unit) })
        : say('{unit} at the cap', { unit: say(scoring.unit) }),
      lead: best ? content.username : say('{name} did', { name: content.username }),
    };
  }
  if (scoring.kind === 'rounds') {
    const { rounds, extra } = roundsOf(scoring, count);
    return {
      figure: `${rounds}+${extra}`,
      words: best ? say('rounds + reps: personal best') : say('rounds + reps'),
      lead: best ? content.username : say('{name} did', { name: content.username }),
    };
  }
  const unit = say(count === 1 ? scoring.unitOne : scoring.unit);
  const span =
    timer.mode === 'countdown' ? spanText(timer.seconds, content.kind === 'challenge') : null;
  if (content.kind === 'profile') {
    const units = say(scoring.unit);
    return {
      figure: String(count),
      words:
        span === null
          ? say('{unit}: personal best', { unit: units })
          : say('{unit} in {span}: personal best', { unit: units, span }),
      lead: content.username,
    };
  }
  return {
    figure: String(count),
    words: span === null ? unit : say('{unit} in {span}', { unit, span }),
    lead: say('{name} did', { name: content.username }),
  };
}

const h = (
  type: string,
  style: Record<string, unknown>,
  children?: CardNode['props']['children'],
): CardNode => ({
  type,
  props: { style, children },
});

/** The frame every card shares: 1200 x 630, the app's green, three rows. */
const frame = (children: CardNode[]): CardNode =>
  h(
    'div',
    {
      // Satori adds the padding to the size: 1200 x 630 in all.
      width: CARD_WIDTH - 2 * 64,
      height: CARD_HEIGHT - 2 * 64,
      boxSizing: 'content-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 64,
      background: '#047857',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    children,
  );

/** A club's card: its name (up to 40 characters, smaller when long) and its member count. */
function clubTree(content: { name: string; memberCount: number }): CardNode {
  const n = content.memberCount;
  const nameSize = [...content.name].length > 22 ? 64 : 88;
  return frame([
    h(
      'div',
      { display: 'flex', fontSize: 40, fontWeight: 800, opacity: 0.9 },
      `${APP_NAME} · ${say('Club')}`,
    ),
    h('div', { display: 'flex', flexDirection: 'column' }, [
      h(
        'div',
        {
          display: 'flex',
          fontSize: nameSize,
          fontWeight: 800,
          lineHeight: 1.1,
          overflow: 'hidden',
        },
        content.name,
      ),
      h(
        'div',
        { display: 'flex', fontSize: 44, marginTop: 24 },
        say(MEMBERS, { n, count: countNow(n) }),
      ),
    ]),
    h('div', { display: 'flex', fontSize: 52, fontWeight: 800 }, say('Join us and compete')),
  ]);
}

/** The card as a satori tree: satori lays the text out itself (no HTML is parsed). */
export function cardTree(content: CardContent): CardNode {
  if (content.kind === 'club') return clubTree(content);
  if (content.kind === 'club-challenge') return clubChallengeTree(content, frame);
  // A set says what was done, as a challenge card does, and when.
  const member: MemberCardContent =
    content.kind === 'set'
      ? {
          kind: 'challenge',
          challenge: content.challenge,
          username: content.username,
          beat: content.score,
          capped: content.capped,
        }
      : content;
  const { figure, words, lead } = cardWords(member);
  // Usernames are up to 30 characters of [A-Za-z0-9_.-]: the long ones get a smaller size so they fit.
  const nameSize = content.username.length > 16 ? 56 : 72;
  const middle = [
    h('div', { display: 'flex', fontSize: nameSize, fontWeight: 800, overflow: 'hidden' }, lead),
    h('div', { display: 'flex', alignItems: 'flex-end', marginTop: 16 }, [
      h('div', { display: 'flex', fontSize: 160, fontWeight: 800, lineHeight: 1 }, figure),
      h('div', { display: 'flex', fontSize: 44, marginLeft: 24, marginBottom: 16 }, words),
    ]),
  ];
  return frame([
    h(
      'div',
      { display: 'flex', fontSize: 40, fontWeight: 800, opacity: 0.9 },
      `${APP_NAME} · ${say(content.challenge.title)}`,
    ),
    h('div', { display: 'flex', flexDirection: 'column' }, middle),
    h(
      'div',
      {
        display: 'flex',
        fontSize: content.kind === 'profile' ? 36 : 52,
        fontWeight: content.kind === 'profile' ? 400 : 800,
      },
      content.kind === 'set'
        ? `${content.date} · ${TIER_WORDS[content.tier].label} · ${say('Can you beat it?')}`
        : content.kind === 'profile' && content.tier
          ? `${TIER_WORDS[content.tier].label} · ${say('Can you beat it?')}`
          : say('Can you beat it?'),
    ),
  ]);
}

const keyOf = (c: CardContent) =>
  c.kind === 'club-challenge'
    ? clubChallengeCardKey(c)
    : c.kind === 'club'
      ? `club\n${c.name}\n${c.memberCount}`
      : c.kind === 'set'
        ? `set\n${c.id}\n${c.challenge.id}\n${c.username}\n${c.score}\n${c.capped ? 'capped' : ''}\n${c.date}\n${c.tier}`
        : `${c.kind}\n${c.challenge.id}\n${c.username}\n${c.kind === 'profile' ? `${c.best}\n${c.tier ?? ''}` : c.beat}${c.capped ? '\ncapped' : ''}`;

/**
 * Cards by content, most recently used kept, at most `maxBytes` of PNG. A card already drawn (or
 * being drawn) costs nothing; a new one is refused with a 503 when the render queue is full and a
 * 429 when the address has had its share of renders in the window.
 */
export class ShareCards {
  private cards = new Map<string, { png: Promise<Buffer>; bytes: number }>();
  private bytes = 0;

  constructor(
    private renderer: CardRenderer,
    private budget: AddressBudget,
    private maxBytes = 32 * 1024 * 1024,
  ) {}

  get(content: CardContent, address: string, now: number): Promise<Buffer> {
    // A card's words are in the current language (the share link's `lang`): one card per language.
    const key = `${currentLanguage()}\n${keyOf(content)}`;
    const hit = this.cards.get(key);
    if (hit) {
      this.cards.delete(key);
      this.cards.set(key, hit);
      return hit.png;
    }
    // Full first, so a refused request does not use up the address's renders.
    if (this.renderer.full) throw this.renderer.busy();
    const wait = this.budget.take(address, now);
    if (wait !== null) {
      throw tooManyRequests(
        say(
          'Too many new share cards asked for from your address. Please try again in {wait} seconds.',
          { wait },
        ),
        wait,
      );
    }
    const entry = {
      png: this.renderer.render(cardTree(content), CARD_WIDTH, CARD_HEIGHT),
      bytes: 0,
    };
    this.cards.set(key, entry);
    entry.png.then(
      (png) => {
        if (this.cards.get(key) !== entry) return;
        entry.bytes = png.length;
        this.bytes += png.length;
        this.evict();
      },
      () => {
        if (this.cards.get(key) === entry) this.cards.delete(key);
      },
    );
    return entry.png;
  }

  get stats() {
    return { cards: this.cards.size, bytes: this.bytes };
  }

  private evict() {
    for (const [key, entry] of this.cards) {
      if (this.bytes <= this.maxBytes) return;
      this.cards.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}
