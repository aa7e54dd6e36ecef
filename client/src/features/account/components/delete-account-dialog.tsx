import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { deleteAccountSchema, type DeleteAccountInput } from '@common/schemas/account';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useDeleteAccount } from '../api/delete-account';

/** Delete account: says what is lost and asks for the password; `onDeleted` runs once it is gone. */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const mutation = useDeleteAccount({
    onSuccess: () => {
      setOpen(false);
      onDeleted();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.errors?.password?.[0] : undefined;
      if (message) form.setError('password', { message }, { shouldFocus: true });
      else
        toast({
          title: t`Account not deleted`,
          description: error.message,
          variant: 'destructive',
        });
    },
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive" className="justify-self-start">
          <Trash2 aria-hidden="true" />
          {t`Delete account`}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t`Delete your account?`}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="grid gap-2">
            <p>{t`This cannot be undone. Deleting your account removes, at once and for good:`}</p>
            <ul className="list-disc pl-5">
              <li>{t`your profile, picture and settings,`}</li>
              <li>{t`every workout and note you logged,`}</li>
              <li>{t`your places on every leaderboard,`}</li>
              <li>{t`your sign-ins on every device.`}</li>
            </ul>
            <p>{t`Download your data first if you want to keep it.`}</p>
          </div>
        </AlertDialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        >
          <FormField
            id="delete-password"
            label={t`Your password`}
            type="password"
            autoComplete="current-password"
            error={sayShared(form.formState.errors.password?.message)}
            {...form.register('password')}
          />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{t`Cancel`}</AlertDialogCancel>
            <SubmitButton
              variant="destructive"
              pending={mutation.isPending}
              pendingLabel={t`Deleting account`}
            >
              {t`Delete my account`}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
