import { t } from '@lingui/core/macro';
import { BadgeCheck } from 'lucide-react';
import { TierLegend } from '@/components/ui/tier-badge';
import type { ReactNode } from 'react';
import { AGE_GROUPS, GENDER_FILTERS } from '@common/leaderboard';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { BoardKind, LeaderboardFilters as Filters } from '../api/get-leaderboard';
import { ageGroupLabel, genderLabel } from '../utils/board-words';

/**
 * Every filter of the board in one row: whose board (`leading`), Verified only, age group and
 * gender. On a phone the row scrolls sideways instead of stacking seven rows of controls above the
 * entries; from the small breakpoint up it wraps. Each control names itself ("All Ages", "All |
 * Male | Female"), so the labels are for screen readers only
 * (docs/decisions/0199-board-entries-lead.md).
 */
export function LeaderboardFilters({
  value,
  onChange,
  kind,
  onKindChange,
  leading,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  kind: BoardKind;
  /** Absent: the board has no camera-counted kind (camera counting is for push-ups only). */
  onKindChange?: (next: BoardKind) => void;
  /** First in the row: the scope selector (Everyone / Following / clubs). */
  leading?: ReactNode;
}) {
  const verified = kind === 'verified';
  return (
    <div className="grid gap-1.5">
      <div
        data-testid="board-filters"
        // `relative`: the screen-reader labels (absolutely placed) stay inside the row's scroll,
        // else they would widen the page.
        className="relative -mx-4 flex items-center gap-2 overflow-x-auto px-4 py-0.5 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {leading ? <div className="shrink-0">{leading}</div> : null}
        {onKindChange ? (
          <Button
            type="button"
            variant={verified ? 'default' : 'outline'}
            size="sm"
            aria-pressed={verified}
            onClick={() => onKindChange(verified ? 'all' : 'verified')}
            className="min-h-10 shrink-0"
          >
            <BadgeCheck aria-hidden="true" />
            {t`Verified only`}
          </Button>
        ) : null}
        <div className="w-32 shrink-0">
          <Label htmlFor="leaderboard-age" className="sr-only">
            {t`Age group`}
          </Label>
          <NativeSelect
            id="leaderboard-age"
            className="[&>select]:h-10 [&>select]:text-sm"
            value={value.ageGroup}
            onChange={(e) =>
              onChange({ ...value, ageGroup: e.target.value as Filters['ageGroup'] })
            }
          >
            <option value="all">{t`All Ages`}</option>
            {AGE_GROUPS.map((g) => (
              <option key={g.id} value={g.id}>
                {ageGroupLabel(g)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="shrink-0">
          <span id="leaderboard-gender-label" className="sr-only">
            {t`Gender`}
          </span>
          <ToggleGroup
            type="single"
            aria-labelledby="leaderboard-gender-label"
            value={value.gender}
            // A single-choice group may not be emptied: clicking the chosen item keeps it.
            onValueChange={(v) => {
              if (v) onChange({ ...value, gender: v as Filters['gender'] });
            }}
          >
            <ToggleGroupItem value="all" className="min-h-8 px-3">
              {t`All`}
            </ToggleGroupItem>
            {GENDER_FILTERS.map((g) => (
              <ToggleGroupItem key={g.id} value={g.id} className="min-h-8 px-3">
                {genderLabel(g)}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
        </div>
        {/* The tiers' legend, one tap away on every board, in the filters' row so the entries
            keep their place (docs/decisions/0244-tiers-shown-and-reviewed.md). */}
        <TierLegend className="min-h-10 shrink-0 text-xs" />
      </div>
      {verified ? (
        <p className="text-xs text-muted-foreground">
          {t`Recounted and reviewed sets only, ranked among themselves.`}
        </p>
      ) : null}
    </div>
  );
}
