import {
  AUTH_MESSAGES,
  type TLoginValues,
  type TPasswordResetValues,
  ZLoginForm,
  ZPasswordResetForm,
} from '@campus/shared/domain/auth-forms';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useCaptcha } from '@/components/forms/captcha-field';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { SuccessNotice } from '@/components/ui/success-notice';
import { type FromState, useAuth } from '@/lib/auth';
import { requestPasswordReset, signIn } from '../api/account';

/** The one message to show for a failed check: the first broken rule, as the schema orders them. */
export function firstError(errors: FieldErrors): string | null {
  for (const error of Object.values(errors)) {
    if (error?.message) return String(error.message);
  }
  return null;
}

function SignInForm({ onForgot }: { onForgot(): void }) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TLoginValues>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '', captcha: '' },
  });
  const captcha = useCaptcha((payload) => form.setValue('captcha', payload));
  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const answer = await signIn({
          email: values.email ?? '',
          password: values.password ?? '',
          captcha: values.captcha ?? '',
        });
        setUser(answer.user);
        const from = (location.state as FromState | null)?.from;
        navigate(from && from !== '/login' ? from : answer.route, { replace: true });
      } catch (error) {
        setFailure(formatError(error).message);
        // A captcha is good for one try only.
        captcha.reset();
      }
    },
    (errors) => setFailure(firstError(errors)),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">Sign In</h1>
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.register('password')}
      />
      {captcha.field}
      <SubmitButton label="Sign In" busyLabel="Signing In..." busy={form.formState.isSubmitting} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-orange-800 underline" onClick={onForgot}>
          Forgot Password?
        </button>
        <Link to="/signup" className="text-orange-800 underline">
          Create Account
        </Link>
      </div>
    </form>
  );
}

function ResetForm({ onBack }: { onBack(): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<TPasswordResetValues>({
    resolver: zodResolver(ZPasswordResetForm),
    defaultValues: { email: '', captcha: '' },
  });
  const captcha = useCaptcha((payload) => form.setValue('captcha', payload));
  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      setSent(null);
      try {
        const answer = await requestPasswordReset({
          email: values.email ?? '',
          captcha: values.captcha ?? '',
        });
        setSent(answer.message);
      } catch (error) {
        setFailure(formatError(error).message);
      }
      captcha.reset();
    },
    (errors) => setFailure(firstError(errors)),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-2xl font-bold">Reset Password</h1>
      {failure && <Alert>{failure}</Alert>}
      {sent && <SuccessNotice>{sent}</SuccessNotice>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...form.register('email')}
      />
      {captcha.field}
      <SubmitButton
        label="Send Reset Email"
        busyLabel="Sending..."
        busy={form.formState.isSubmitting}
      />
      <button type="button" className="text-sm text-orange-800 underline" onClick={onBack}>
        Back to Sign In
      </button>
    </form>
  );
}

/** /login: sign in, or the 'Forgot Password?' reset mode (SPEC §2, §4, §5 Login). */
export function LoginPage() {
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in');
  const [params] = useSearchParams();
  const verified = params.get('verified');
  return (
    <section className="mx-auto max-w-md p-4 sm:p-6">
      <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        {verified === '1' && <SuccessNotice>{AUTH_MESSAGES.emailVerified}</SuccessNotice>}
        {verified === '0' && <Alert>{AUTH_MESSAGES.verificationLinkInvalid}</Alert>}
        {/* Each mode mounts its own form, so switching clears the captcha. */}
        {mode === 'sign-in' ? (
          <SignInForm onForgot={() => setMode('reset')} />
        ) : (
          <ResetForm onBack={() => setMode('sign-in')} />
        )}
      </div>
    </section>
  );
}
