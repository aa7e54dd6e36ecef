import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_PREFERENCES, type ThemePreference } from '@common/theme';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { i18n } from '@/lib/i18n';
import { useThemePreference } from '@/lib/theme';

const CHOICES: Record<ThemePreference, { label: MessageDescriptor; icon: typeof Sun }> = {
  system: { label: msg`System`, icon: Monitor },
  light: { label: msg`Light`, icon: Sun },
  dark: { label: msg`Dark`, icon: Moon },
};

/** System, Light or Dark: applied at once and remembered on this device. */
export function ThemeChoice() {
  const [preference, setPreference] = useThemePreference();
  return (
    <div className="grid gap-2">
      <ToggleGroup
        type="single"
        aria-label={t`Theme`}
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
              {i18n._(label)}
            </ToggleGroupItem>
          );
        })}
      </ToggleGroup>
      <p className="text-sm text-muted-foreground">
        {t`System follows your device's light or dark setting. Kept on this device.`}
      </p>
    </div>
  );
}
