import { BadgeCheck, Camera, Eye, Hourglass, Info, Pencil, RefreshCw } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentType } from 'react';
import { AWAITING_REVIEW_LABEL, SCORE_TIERS, TIER_WORDS, type ScoreTier } from '@common/tier-words';
import { cn } from '@/lib/utils';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

// A score's tier (common/tiers.ts), shown wherever the score is, with a legend one tap away
// (docs/decisions/0244-tiers-shown-and-reviewed.md).

const ICONS: Record<ScoreTier, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  entered: Pencil,
  'camera-counted': Camera,
  recounted: RefreshCw,
  reviewed: BadgeCheck,
};

// The two Verified tiers take the primary colour; the others stay quiet.
const TONES: Record<ScoreTier, string> = {
  entered: 'border-border text-muted-foreground',
  'camera-counted': 'border-border text-foreground',
  recounted: 'border-primary/40 text-primary',
  reviewed: 'border-primary bg-primary/10 text-primary',
};

/** The tier's icon and name. `iconOnly`: the icon, named for screen readers and on hover. */
export function TierBadge({
  tier,
  iconOnly = false,
  className,
}: {
  tier: ScoreTier;
  iconOnly?: boolean;
  className?: string;
}) {
  const Icon = ICONS[tier];
  // A row kept from before tiers were sent (an offline copy) has none: nothing is said.
  if (!Icon) return null;
  const label = sayShared(TIER_WORDS[tier].label)!;
  const meaning = sayShared(TIER_WORDS[tier].meaning)!;
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-1.5 py-0.5 text-xs font-semibold leading-none',
        TONES[tier],
        iconOnly && 'border-transparent bg-transparent px-0',
        className,
      )}
      title={`${label}: ${meaning}`}
      data-testid="tier-badge"
      data-tier={tier}
      {...(iconOnly ? { role: 'img', 'aria-label': label } : {})}
    >
      <Icon aria-hidden className="size-3.5" />
      {iconOnly ? null : label}
    </span>
  );
}

/** A top-three Verified entry no moderator has reviewed yet. */
export function AwaitingReviewBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full border border-amber-500/50 px-1.5 py-0.5 text-xs font-semibold leading-none text-amber-700 dark:text-amber-300',
        className,
      )}
      data-testid="awaiting-review"
    >
      <Hourglass aria-hidden className="size-3.5" />
      {sayShared(AWAITING_REVIEW_LABEL)}
    </span>
  );
}

/** The four tiers, each with what it means. */
export function TierList() {
  return (
    <ul className="grid gap-3" aria-label={t`Score tiers`}>
      {SCORE_TIERS.map((tier) => (
        <li key={tier} className="grid gap-1">
          <TierBadge tier={tier} />
          <span className="text-sm text-muted-foreground">
            {sayShared(TIER_WORDS[tier].meaning)}
          </span>
        </li>
      ))}
      <li className="grid gap-1">
        <AwaitingReviewBadge />
        <span className="text-sm text-muted-foreground">
          {t`Recounted and in the top three of a Verified board: a moderator will watch the clip.`}
        </span>
      </li>
      <li className="flex items-start gap-2 text-sm text-muted-foreground">
        <Eye aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t`Verified boards list only recounted and reviewed sets.`}
      </li>
    </ul>
  );
}

/** "What do the tiers mean?": a small button that opens the legend beside it. */
export function TierLegend({ className }: { className?: string }) {
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger
        className={cn(
          'inline-flex min-h-9 shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-2 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring',
          className,
        )}
        data-testid="tier-legend-button"
      >
        <Info aria-hidden className="size-4" />
        {t`Score tiers`}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          sideOffset={6}
          collisionPadding={12}
          aria-label={t`What the score tiers mean`}
          className="z-50 w-80 max-w-[calc(100vw-24px)] rounded-xl border border-border bg-card p-4 text-foreground shadow-lg"
          data-testid="tier-legend"
        >
          <p className="mb-3 font-semibold">{t`How far a score is proven`}</p>
          <TierList />
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
