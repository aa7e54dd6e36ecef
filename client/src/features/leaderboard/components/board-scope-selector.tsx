import { t } from '@lingui/core/macro';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { scopeKey, type BoardScope } from '../api/leaderboard-path';

/** How a scope is named on the selector. */
export function scopeLabel(scope: BoardScope): string {
  if (scope.kind === 'club') return scope.name;
  return scope.kind === 'following' ? t`Following` : t`Everyone`;
}

/**
 * Whose board: Everyone / Following (signed-in members only), then the member's clubs. The scopes are
 * given by the screen (app/routes/leaderboard.tsx adds the clubs). Hidden when there is one.
 */
export function BoardScopeSelector({
  scopes,
  value,
  onChange,
}: {
  scopes: readonly BoardScope[];
  value: BoardScope;
  onChange: (next: BoardScope) => void;
}) {
  if (scopes.length < 2) return null;
  return (
    <ToggleGroup
      type="single"
      aria-label={t`Whose board`}
      value={scopeKey(value)}
      // A single-choice group may not be emptied: clicking the chosen item keeps it.
      onValueChange={(v) => {
        const next = scopes.find((s) => scopeKey(s) === v);
        if (next) onChange(next);
      }}
    >
      {scopes.map((s) => (
        <ToggleGroupItem
          key={scopeKey(s)}
          value={scopeKey(s)}
          className="min-h-8 whitespace-nowrap px-3"
        >
          {scopeLabel(s)}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
