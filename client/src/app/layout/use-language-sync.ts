import { useEffect } from 'react';
import { useUser } from '@/features/auth/api/get-user';
import { activateLanguage, currentLanguage, rememberLanguage, storedLanguage } from '@/lib/i18n';

/**
 * The member's saved language wins over this browser's (docs/decisions/0281-the-language-setting.md):
 * when the account says another language than the page speaks, it is kept here and the page
 * switches. A member who chose "Automatic" keeps the browser's.
 */
export function useLanguageSync() {
  const { data: user } = useUser();
  const saved = user?.language ?? null;
  useEffect(() => {
    if (!saved) return;
    if (storedLanguage() !== saved) rememberLanguage(saved);
    if (currentLanguage() !== saved) void activateLanguage(saved);
  }, [saved]);
}
