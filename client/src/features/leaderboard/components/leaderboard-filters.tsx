import { BadgeCheck } from 'lucide-react';
import { AGE_GROUPS, GENDER_FILTERS } from '@common/leaderboard';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { BoardKind, LeaderboardFilters as Filters } from '../api/get-leaderboard';

export function LeaderboardFilters({
  value,
  onChange,
  kind,
  onKindChange,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  kind: BoardKind;
  /** Absent: the board has no camera-counted kind (camera counting is for push-ups only). */
  onKindChange?: (next: BoardKind) => void;
}) {
  const verified = kind === 'verified';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {onKindChange ? (
        <div className="flex items-center gap-2 sm:col-span-2">
          <Button
            type="button"
            variant={verified ? 'default' : 'outline'}
            size="sm"
            aria-pressed={verified}
            onClick={() => onKindChange(verified ? 'all' : 'verified')}
            className="min-h-9"
          >
            <BadgeCheck aria-hidden="true" />
            Verified only
          </Button>
          <span className="text-xs text-muted-foreground">
            {verified
              ? 'Counted by camera only, ranked among themselves.'
              : 'All workouts, typed or counted.'}
          </span>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="leaderboard-age">Age group</Label>
        <NativeSelect
          id="leaderboard-age"
          value={value.ageGroup}
          onChange={(e) => onChange({ ...value, ageGroup: e.target.value as Filters['ageGroup'] })}
        >
          <option value="all">All Ages</option>
          {AGE_GROUPS.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <span id="leaderboard-gender-label" className="text-sm font-medium leading-none">
          Gender
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
          <ToggleGroupItem value="all" className="min-h-9">
            All
          </ToggleGroupItem>
          {GENDER_FILTERS.map((g) => (
            <ToggleGroupItem key={g.id} value={g.id} className="min-h-9">
              {g.label}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
    </div>
  );
}
