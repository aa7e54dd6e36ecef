import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  supportedLanguage,
  type AnyLanguage,
} from '@common/languages';
import type { User } from '@common/schemas/auth';
import { toast } from '@/components/ui/use-toast';
import { activateLanguage, browserLanguage, rememberLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { updateLanguage } from '../api/update-language';

// The pseudo-locale is offered by dev and test builds only (docs/decisions/0282-pseudo-locale.md).
const CHOICES: readonly AnyLanguage[] = import.meta.env.DEV
  ? [...LANGUAGES, PSEUDO_LANGUAGE]
  : LANGUAGES;

/**
 * The member's language, saved on their account and kept in this browser (offline, reload);
 * "Automatic" follows the browser's languages (docs/decisions/0281-the-language-setting.md).
 */
export function LanguageChoice({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const choose = async (value: string) => {
    const lang = supportedLanguage(value);
    setPending(true);
    try {
      const next = await updateLanguage(lang);
      rememberLanguage(lang);
      queryClient.setQueryData<User | null>(queryKeys.user, (old) =>
        old ? { ...old, language: next.language } : old,
      );
      await activateLanguage(lang ?? browserLanguage());
    } catch (error) {
      toast({
        title: t`Language not saved`,
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <label className="grid gap-2 text-sm font-semibold" htmlFor="settings-language-select">
      {t`Language`}
      <select
        id="settings-language-select"
        className="h-11 rounded-md border border-input bg-background px-3 text-base font-normal"
        value={user.language ?? ''}
        disabled={pending}
        onChange={(e) => void choose(e.target.value)}
      >
        <option value="">{t`Automatic (this browser's language)`}</option>
        {CHOICES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
