import { t } from '@lingui/core/macro';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { DeleteAccountDialog } from '@/features/account/components/delete-account-dialog';
import { DownloadData } from '@/features/account/components/download-data';
import { SessionsList } from '@/features/account/components/sessions-list';
import { ThemeChoice } from '@/features/appearance/components/theme-choice';
import { useUser } from '@/features/auth/api/get-user';
import { ChangeEmailForm } from '@/features/email/components/change-email-form';
import { LanguageChoice } from '@/features/language/components/language-choice';
import { NoticeSettings } from '@/features/profile/components/notice-settings';
import { PrivacySettings } from '@/features/profile/components/privacy-settings';
import { ReminderSettings } from '@/features/reminders/components/reminder-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Account settings: password, devices, privacy, your data, and leaving. Protected in the router. */
export default function ProfileSettingsRoute() {
  const { data: user } = useUser();
  const [, navigate] = useLocation();
  useDocumentTitle(t`Settings`);
  if (!user) return null;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <div className="grid gap-1 lg:col-span-2">
        <Link
          href={paths.profile.getHref()}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-semibold text-primary"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t`Back to profile`}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight">{t`Settings`}</h1>
      </div>
      <Section id="settings-appearance" title={t`Appearance`}>
        <ThemeChoice />
      </Section>
      <Section id="settings-language" title={t`Language`}>
        <LanguageChoice user={user} />
      </Section>
      <Section
        id="settings-password"
        title={t`Change password`}
        description={t`Your other devices are signed out when it changes.`}
      >
        <ChangePasswordForm />
      </Section>
      <Section
        id="settings-email"
        title={t`Email address`}
        description={t`Links to get back into your account go to this address.`}
      >
        <ChangeEmailForm current={user.email} />
      </Section>
      <Section id="settings-notices" title={t`Emails`}>
        <NoticeSettings user={user} />
      </Section>
      <Section
        id="settings-reminders"
        title={t`Reminders`}
        description={t`Off until you turn them on.`}
      >
        <ReminderSettings />
      </Section>
      <Section id="settings-sessions" title={t`Where you're signed in`}>
        <SessionsList />
      </Section>
      <Section id="settings-privacy" title={t`Privacy`}>
        <PrivacySettings user={user} />
      </Section>
      <Section id="settings-data" title={t`Download your data`}>
        <DownloadData />
      </Section>
      <Section
        id="settings-delete"
        title={t`Delete account`}
        description={t`Remove your account and everything in it for good.`}
      >
        <DeleteAccountDialog
          onDeleted={() => {
            navigate(paths.catalogue.getHref(), { replace: true });
            toast({
              title: t`Account deleted`,
              description: t`Your account and all its data are gone.`,
            });
          }}
        />
      </Section>
    </div>
  );
}
