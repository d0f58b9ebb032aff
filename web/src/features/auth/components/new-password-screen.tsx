import {
  AUTH_MESSAGES,
  type TNewPasswordValues,
  ZNewPasswordForm,
} from '@campus/shared/domain/auth-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Link } from '@/components/link';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { SuccessNotice } from '@/components/ui/success-notice';
import { setNewPassword } from '../api/account';

/** /reset-password?token=…: where the e-mailed reset link leads; sets a new password. */
export function NewPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { failure, attempt, onInvalid } = useFormFailure(
    token ? null : AUTH_MESSAGES.resetLinkInvalid,
  );
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<TNewPasswordValues>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(
    (values) =>
      attempt(async () => {
        const answer = await setNewPassword({
          token: values.token ?? '',
          password: values.password ?? '',
          confirmPassword: values.confirmPassword ?? '',
        });
        setDone(answer.message);
      }),
    onInvalid,
  );
  // A missing, used or expired link cannot set a password: the way on is a new link.
  const linkDead = failure === AUTH_MESSAGES.resetLinkInvalid;
  return (
    <section className="mx-auto max-w-md p-4 sm:p-6">
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h1 className="text-2xl font-bold">Choose a New Password</h1>
        {failure && <Alert>{failure}</Alert>}
        {done ? (
          <>
            <SuccessNotice>{done}</SuccessNotice>
            <Link to="/login" className={`${primaryButton} w-full`}>
              Sign In
            </Link>
          </>
        ) : linkDead ? (
          <Link to="/login?mode=reset" className={`${primaryButton} w-full`}>
            Request a New Link
          </Link>
        ) : (
          <>
            <NewPasswordField label="New Password" {...form.register('password')} />
            <NewPasswordField label="Confirm New Password" {...form.register('confirmPassword')} />
            <SubmitButton label="Save Password" busy={form.formState.isSubmitting} />
          </>
        )}
      </form>
    </section>
  );
}
