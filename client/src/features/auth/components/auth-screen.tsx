import { useState } from 'react';
import { LogIn, Medal, Swords, Timer, TrendingUp, Trophy } from 'lucide-react';
import { APP_NAME } from '@common/constants';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthReason } from '../utils/auth-reason';
import { Button } from '@/components/ui/button';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const FEATURES = [
  { icon: Trophy, text: msg`Multiple fitness challenges for all levels` },
  { icon: TrendingUp, text: msg`Progress tracking across workout types` },
  { icon: Medal, text: msg`Global leaderboards per challenge` },
  { icon: Timer, text: msg`Built-in timers and voice coaching` },
];

// common/constants.ts's TAGLINE, marked for the catalogues.
const TAGLINE = msg`Challenge yourself. Measure your progress.`;

export function AuthScreen({
  onSuccess,
  reason = null,
}: {
  onSuccess: () => void;
  reason?: AuthReason | null;
}) {
  const ReasonIcon = reason?.kind === 'challenge' ? Swords : LogIn;
  // "Forgot password?" swaps the sign-in form for the reset request, in the same tab.
  const [forgot, setForgot] = useState(false);
  return (
    <div className="mx-auto grid min-h-dvh w-full max-w-5xl items-center gap-8 px-4 py-8 lg:grid-cols-2">
      <Card className="w-full">
        <CardHeader className="text-center">
          <h1 className="text-3xl font-extrabold tracking-tight text-primary">{APP_NAME}</h1>
          <CardDescription>{i18n._(TAGLINE)}</CardDescription>
          {reason ? (
            <p
              className="mt-3 flex items-start gap-2 rounded-xl bg-accent p-3 text-left text-sm font-semibold text-accent-foreground"
              data-testid="auth-reason"
            >
              <ReasonIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {reason.text}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="login">
            <TabsList>
              <TabsTrigger value="login">{t`Login`}</TabsTrigger>
              <TabsTrigger value="register">{t`Register`}</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              {forgot ? (
                <ForgotPasswordForm onBack={() => setForgot(false)} />
              ) : (
                <div className="grid gap-2">
                  <LoginForm onSuccess={onSuccess} />
                  <Button
                    type="button"
                    variant="link"
                    className="justify-self-center"
                    onClick={() => setForgot(true)}
                  >
                    {t`Forgot password?`}
                  </Button>
                </div>
              )}
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm onSuccess={onSuccess} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <aside
        aria-label={t`Why FitBench`}
        className="hidden flex-col gap-6 rounded-2xl bg-gradient-to-br from-emerald-700 to-emerald-900 p-10 text-white lg:flex"
      >
        <h2 className="text-3xl font-extrabold leading-tight">
          {t`Benchmark your fitness. Beat your best.`}
        </h2>
        <ul className="grid gap-4">
          {FEATURES.map(({ icon: Icon, text }) => (
            <li key={text.id} className="flex items-center gap-3 text-lg">
              <span className="flex size-10 items-center justify-center rounded-full bg-white/15">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {i18n._(text)}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
