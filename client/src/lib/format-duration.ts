import { t } from '@lingui/core/macro';

// A length of time in words, in the page's language, as ICU messages (docs/i18n.md): "2 min 30 s",
// "45 s", "2 min", "1 h 5 min". Clock figures (1:30, a hold's m:ss) are common/challenge-scores.ts's.

/** Seconds as "2 min 30 s" (de "2 Min. 30 Sek.", es "2 min 30 s"); hours from 3600 s. */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h > 0) return m > 0 ? t`${h} h ${m} min` : t`${h} h`;
  if (m > 0) return s > 0 ? t`${m} min ${s} s` : t`${m} min`;
  return t`${s} s`;
}
