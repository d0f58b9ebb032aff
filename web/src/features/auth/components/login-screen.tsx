import {
  AUTH_MESSAGES,
  type TLoginValues,
  type TPasswordResetValues,
  ZLoginForm,
  ZPasswordResetForm,
} from '@campus/shared/domain/auth-forms';
import { landingRoute } from '@campus/shared/domain/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useCaptcha } from '@/components/forms/captcha-field';
import { TextField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Link } from '@/components/link';
import { Alert } from '@/components/ui/alert';
import { SuccessNotice } from '@/components/ui/success-notice';
import { type FromState, useAuth } from '@/stores/auth';
import { requestPasswordReset, signIn } from '../api/account';

function SignInForm({ onForgot }: { onForgot(): void }) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { failure, attempt, onInvalid } = useFormFailure();
  const form = useForm<TLoginValues>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '', captcha: '' },
  });
  const captcha = useCaptcha((payload) => form.setValue('captcha', payload));
  const submit = form.handleSubmit(async (values) => {
    const signedIn = await attempt(async () => {
      const answer = await signIn({
        email: values.email ?? '',
        password: values.password ?? '',
        captcha: values.captcha ?? '',
      });
      setUser(answer.user);
      const from = (location.state as FromState | null)?.from;
      navigate(from && from !== '/login' ? from : answer.route, { replace: true });
    });
    // A captcha is good for one try only.
    if (!signedIn) captcha.reset();
  }, onInvalid);

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
  const { failure, attempt, onInvalid } = useFormFailure();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<TPasswordResetValues>({
    resolver: zodResolver(ZPasswordResetForm),
    defaultValues: { email: '', captcha: '' },
  });
  const captcha = useCaptcha((payload) => form.setValue('captcha', payload));
  const submit = form.handleSubmit(async (values) => {
    setSent(null);
    await attempt(async () => {
      const answer = await requestPasswordReset({
        email: values.email ?? '',
        captcha: values.captcha ?? '',
      });
      setSent(answer.message);
    });
    captcha.reset();
  }, onInvalid);
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

/** /login: sign in, or the 'Forgot Password?' reset mode (docs/product.md §2, §4, §5 Login). */
export function LoginScreen() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'sign-in' | 'reset'>(
    params.get('mode') === 'reset' ? 'reset' : 'sign-in',
  );
  const { loading, user } = useAuth();
  const state = useLocation().state as FromState | null;
  const verified = params.get('verified');
  // Signed in already: this page has nothing to offer, their landing page has.
  if (!loading && user) {
    const from = state?.from;
    return <Navigate to={from && from !== '/login' ? from : landingRoute(user)} replace />;
  }
  return (
    <section className="mx-auto max-w-md p-4 sm:p-6">
      <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        {verified === '1' && <SuccessNotice>{AUTH_MESSAGES.emailVerified}</SuccessNotice>}
        {verified === '0' && <Alert>{AUTH_MESSAGES.verificationLinkInvalid}</Alert>}
        {state?.reason && mode === 'sign-in' && (
          <p role="status" className="rounded border border-blue-200 bg-blue-50 p-3 text-blue-900">
            {state.reason}
          </p>
        )}
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
