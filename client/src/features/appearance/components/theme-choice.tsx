import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_PREFERENCES, type ThemePreference } from '@common/theme';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useThemePreference } from '@/lib/theme';

const CHOICES: Record<ThemePreference, { label: string; icon: typeof Sun }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};

/** System, Light or Dark: applied at once and remembered on this device. */
export function ThemeChoice() {
  const [preference, setPreference] = useThemePreference();
  return (
    <div className="grid gap-2">
      <ToggleGroup
        type="single"
        aria-label="Theme"
        value={preference}
        // Choosing the chosen item again would clear a single-choice group: keep the choice.
        onValueChange={(value) => {
          if (value) setPreference(value as ThemePreference);
        }}
      >
        {THEME_PREFERENCES.map((p) => {
          const { label, icon: Icon } = CHOICES[p];
          return (
            <ToggleGroupItem key={p} value={p} className="min-h-11 gap-1.5">
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </ToggleGroupItem>
          );
        })}
      </ToggleGroup>
      <p className="text-sm text-muted-foreground">
        System follows your device&apos;s light or dark setting. Kept on this device.
      </p>
    </div>
  );
}
