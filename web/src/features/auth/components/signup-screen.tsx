import { formatDomainList } from '@campus/shared/domain/allowed-domains';
import {
  AUTH_MESSAGES,
  createSignupSchema,
  type TSignupValues,
} from '@campus/shared/domain/auth-forms';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { SIGNUP_REDIRECT_MS } from '@campus/shared/domain/limits';
import { landingRoute } from '@campus/shared/domain/roles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { useCaptcha } from '@/components/forms/captcha-field';
import { SelectField, TextField } from '@/components/forms/form-field';
import { NameFields } from '@/components/forms/name-fields';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Link } from '@/components/link';
import { Alert } from '@/components/ui/alert';
import { SuccessNotice } from '@/components/ui/success-notice';
import { endSession, useAuth } from '@/stores/auth';
import {
  campusesQueryOptions,
  universitiesQueryOptions,
  useCampusSelection,
} from '@/stores/campus-selection';
import { allowedDomainsOf, signUp } from '../api/account';

const EMPTY: TSignupValues = {
  firstName: '',
  lastName: '',
  universityId: '',
  campusId: '',
  email: '',
  password: '',
  confirmPassword: '',
  captcha: '',
};

/** /signup: 'Create Account' (docs/product.md §2, §5 Signup); every self sign-up is a user. */
export function SignupScreen() {
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const { failure, setFailure, attempt } = useFormFailure();
  const [success, setSuccess] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  // The form is long on a phone: the person sees, and hears, that the account was made.
  useEffect(() => {
    if (!success) return;
    successRef.current?.focus({ preventScroll: true });
    successRef.current?.scrollIntoView({ block: 'center' });
  }, [success]);

  // docs/product.md §4: after sign-up the person is signed out (anyone signed in on this browser
  // too)...
  useEffect(() => {
    if (!success || !user) return;
    endSession().then(
      () => setUser(null),
      (error: unknown) => console.warn('Could not end the session after sign-up', error),
    );
  }, [success, user, setUser]);
  // ...and /login follows after 3 s, unless they have gone elsewhere by then.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate('/login'), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  // The campus chosen in the navigation bar is the likely one: start from it.
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  const form = useForm<TSignupValues>({
    defaultValues: {
      ...EMPTY,
      universityId: selectedUniversity?.id ?? '',
      campusId: selectedCampus?.id ?? '',
    },
  });
  const captcha = useCaptcha((payload) => form.setValue('captcha', payload));
  const [universityId, campusId, password, confirmPassword] = form.watch([
    'universityId',
    'campusId',
    'password',
    'confirmPassword',
  ]);

  const universities = useQuery(universitiesQueryOptions());
  const campuses = useQuery(campusesQueryOptions(universityId || null));
  // The selects are uncontrolled: once their options arrive, show the value the form holds.
  useEffect(() => {
    if (universities.data) form.setValue('universityId', form.getValues('universityId'));
  }, [universities.data, form]);
  useEffect(() => {
    if (campuses.data) form.setValue('campusId', form.getValues('campusId'));
  }, [campuses.data, form]);
  const domains = useQuery({
    queryKey: ['allowed-domains', campusId],
    queryFn: () => allowedDomainsOf(campusId ?? ''),
    select: (answer) => answer.domains,
    enabled: Boolean(campusId),
  });

  // docs/product.md §8: a campus list that fails to load is only logged; sign-up goes on.
  useEffect(() => {
    if (campuses.error)
      console.warn('Could not load the campuses of this university', campuses.error);
  }, [campuses.error]);

  const allowed = domains.data ?? [];
  const schema = useMemo(
    () =>
      createSignupSchema({
        allowedDomains: allowed.map((domain) => ({
          domain,
          universityId: universityId ?? '',
          campusId: campusId ?? '',
        })),
      }),
    [allowed, universityId, campusId],
  );

  const submit = form.handleSubmit(async (values) => {
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setFailure(checked.error.issues[0]?.message ?? null);
      return;
    }
    const signedUp = await attempt(async () => {
      const answer = await signUp(values as Record<string, string>);
      form.reset(EMPTY);
      setSuccess(answer.message);
    });
    if (!signedUp) captcha.reset();
  });

  const noUniversities = universities.isSuccess && universities.data.length === 0;
  const chosen = Boolean(universityId && campusId);
  // Named as soon as the campus is chosen, before anything is typed or refused.
  const domainHint =
    chosen && allowed.length > 0
      ? `Use your campus e-mail address ending in ${formatDomainList(allowed)}.`
      : null;
  const mismatch = Boolean(confirmPassword) && password !== confirmPassword;

  // Signed in already (and not by this sign-up): their landing page, not a second account.
  if (user && !success) return <Navigate to={landingRoute(user)} replace />;
  return (
    <section className="mx-auto max-w-lg p-4 sm:p-6">
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h1 className="text-2xl font-bold">Create Account</h1>
        {noUniversities && <Alert>{AUTH_MESSAGES.noUniversities}</Alert>}
        {universities.error && <Alert>{formatError(universities.error).message}</Alert>}
        {failure && <Alert>{failure}</Alert>}
        {success && (
          <div ref={successRef} tabIndex={-1} className="focus:outline-none">
            <SuccessNotice>{success}</SuccessNotice>
          </div>
        )}
        <NameFields first={form.register('firstName')} last={form.register('lastName')} />
        <SelectField
          label="University"
          required
          {...form.register('universityId', {
            // Changing the university clears the campus (docs/product.md §5 Signup).
            onChange: () => form.setValue('campusId', ''),
          })}
        >
          <option value="">Select University</option>
          {universities.data?.map((university) => (
            <option key={university.id} value={university.id}>
              {university.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Campus"
          required
          disabled={!universityId}
          {...form.register('campusId')}
        >
          <option value="">Select Campus</option>
          {campuses.data?.map((campus) => (
            <option key={campus.id} value={campus.id}>
              {campus.location ? `${campus.name} (${campus.location})` : campus.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          hint={
            domainHint && (
              <span className="mt-1 block text-xs font-normal text-gray-700">{domainHint}</span>
            )
          }
          {...form.register('email')}
        />
        <NewPasswordField label="Password" required {...form.register('password')} />
        <NewPasswordField
          label="Confirm Password"
          required
          aria-invalid={mismatch}
          hint={
            mismatch && (
              <span className="mt-1 block text-xs font-normal text-red-700">
                {AUTH_MESSAGES.passwordsDoNotMatch}
              </span>
            )
          }
          {...form.register('confirmPassword')}
        />
        {captcha.field}
        <SubmitButton
          label="Create Account"
          busy={form.formState.isSubmitting}
          disabled={!chosen}
        />
        <p className="text-sm">
          Already have an account?{' '}
          <Link to="/login" className="text-orange-800 underline">
            Sign In
          </Link>
        </p>
      </form>
    </section>
  );
}
