import { z } from 'zod';
import { domainsForCampus, emailMatchesAnyDomain, formatDomainList } from './allowed-domains';
import { CODE_MESSAGES } from './error-catalogue';
import {
  type FieldError,
  fieldError,
  isBlank,
  withValidator,
  zIdText,
  zRawText,
  zText,
} from './form-validation';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './limits';
import { isTokenText, TEXT_LIMITS } from './text';

/** Messages of the login, password reset and signup rules (docs/product.md §5, §8). */
export const AUTH_MESSAGES = {
  captchaRequired: 'Please complete the CAPTCHA verification.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: CODE_MESSAGES['auth/invalid-email'],
  passwordRequired: 'Please enter your password.',
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  confirmPasswordRequired: 'Please confirm your password.',
  selectUniversityAndCampus: 'Please select a university and campus.',
  emailDomain: (domains: readonly string[]) =>
    `Email must end with one of the allowed domains for this campus: ${formatDomainList(domains)}`,
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  emailAlreadyExists: CODE_MESSAGES['auth/email-already-in-use'],
  resetEmailSent: 'Password reset email sent! Please check your inbox.',
  signupSuccess:
    'Account created successfully! Please check your email to verify your account. You will be redirected to the login page to sign in.',
  emailNotVerified: (email: string) =>
    `Please verify your email address before signing in. We have sent a new verification link to ${email}.`,
  emailNotVerifiedLinkRecent: (email: string) =>
    `Please verify your email address before signing in. We sent a verification link to ${email} less than 10 minutes ago: look for it in your inbox and spam folder.`,
  passwordNotSet: (email: string) =>
    `Your account has moved to CampusBucket. To sign in, set a new password with the link we have just sent to ${email}.`,
  emailVerified: 'Your email address is verified. You can sign in now.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Sign in to receive a new one.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed. You can sign in with it now.',
  noUniversities:
    'No universities are currently available for registration. Please contact the administrator to set up universities and campuses.',
} as const;

// The pattern the account library checks on the server (zod's e-mail rule), so that the form
// refuses exactly what sign-up would: no leading, trailing or doubled dots in the local part.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether text looks like an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}

/** E-mail addresses are compared in lower case, so 'Ali@Uni.edu' and 'ali@uni.edu' are one. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailFailure(email: string): FieldError | null {
  if (isBlank(email)) return fieldError('email', AUTH_MESSAGES.emailRequired);
  if (!isEmailAddress(email)) return fieldError('email', AUTH_MESSAGES.emailInvalid);
  return null;
}

function passwordLengthFailure(password: string): FieldError | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return fieldError('password', AUTH_MESSAGES.passwordTooShort);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return fieldError('password', AUTH_MESSAGES.passwordTooLong);
  }
  return null;
}

const zEmail = () => zText({ max: TEXT_LIMITS.email }).transform(normaliseEmail);

// ---- Login --------------------------------------------------------------------------------

const loginShape = z.object({ email: zEmail(), password: zRawText(), captcha: zRawText() });

/** Login form values. */
export type TLoginValues = z.input<typeof loginShape>;

/**
 * Login rules: email, password, then captcha (the browser's required fields come before the
 * captcha check, as on the original form).
 */
export function validateLogin(values: TLoginValues): FieldError | null {
  const email = values.email ?? '';
  return (
    emailFailure(email) ??
    (isBlank(values.password) ? fieldError('password', AUTH_MESSAGES.passwordRequired) : null) ??
    (isBlank(values.captcha) ? fieldError('captcha', AUTH_MESSAGES.captchaRequired) : null)
  );
}

/** The login form and request body. */
export const ZLoginForm = withValidator(loginShape, validateLogin);
export type TLoginForm = z.output<typeof ZLoginForm>;

// ---- Password reset -----------------------------------------------------------------------

const resetShape = z.object({ email: zEmail(), captcha: zRawText() });

/** Password reset form values. */
export type TPasswordResetValues = z.input<typeof resetShape>;

/** Password reset rules: email, then captcha. */
export function validatePasswordReset(values: TPasswordResetValues): FieldError | null {
  return (
    emailFailure(values.email ?? '') ??
    (isBlank(values.captcha) ? fieldError('captcha', AUTH_MESSAGES.captchaRequired) : null)
  );
}

/** The password reset form and request body. */
export const ZPasswordResetForm = withValidator(resetShape, validatePasswordReset);
export type TPasswordResetForm = z.output<typeof ZPasswordResetForm>;

// ---- Signup -------------------------------------------------------------------------------

const signupShape = z.object({
  firstName: zText(),
  lastName: zText(),
  universityId: zIdText(),
  campusId: zIdText(),
  email: zEmail(),
  password: zRawText(),
  confirmPassword: zRawText(),
  captcha: zRawText(),
});

/** Signup form values. */
export type TSignupValues = z.input<typeof signupShape>;

/** What signup checks against: the allowed domains of every campus (filtered here). */
export type SignupContext = {
  allowedDomains: readonly { domain: string; universityId: string; campusId: string }[];
};

/**
 * Signup rules. The form's required fields come first in form order (first name, last name,
 * university and campus — reported with step 1's message —, email, password, confirmation), then
 * docs/product.md §5 steps 2–5. With no allowed domain registered for the campus, step 2 is
 * skipped.
 */
export function validateSignup(values: TSignupValues, context: SignupContext): FieldError | null {
  if (isBlank(values.firstName)) return fieldError('firstName', AUTH_MESSAGES.firstNameRequired);
  if (isBlank(values.lastName)) return fieldError('lastName', AUTH_MESSAGES.lastNameRequired);
  const universityId = values.universityId?.trim() ?? '';
  const campusId = values.campusId?.trim() ?? '';
  if (!universityId || !campusId) {
    return fieldError(
      universityId ? 'campusId' : 'universityId',
      AUTH_MESSAGES.selectUniversityAndCampus,
    );
  }
  const email = values.email ?? '';
  const emailProblem = emailFailure(email);
  if (emailProblem) return emailProblem;
  const password = values.password ?? '';
  if (password === '') return fieldError('password', AUTH_MESSAGES.passwordRequired);
  if ((values.confirmPassword ?? '') === '') {
    return fieldError('confirmPassword', AUTH_MESSAGES.confirmPasswordRequired);
  }
  const domains = domainsForCampus(context.allowedDomains, universityId, campusId);
  if (domains.length > 0 && !emailMatchesAnyDomain(email, domains)) {
    return fieldError('email', AUTH_MESSAGES.emailDomain(domains));
  }
  if (password !== values.confirmPassword) {
    return fieldError('confirmPassword', AUTH_MESSAGES.passwordsDoNotMatch);
  }
  const lengthProblem = passwordLengthFailure(password);
  if (lengthProblem) return lengthProblem;
  if (isBlank(values.captcha)) return fieldError('captcha', AUTH_MESSAGES.captchaRequired);
  return null;
}

/** The signup form and request body, checked against the allowed domains in the context. */
export function createSignupSchema(context: SignupContext) {
  return withValidator(signupShape, (values) => validateSignup(values, context));
}
export type TSignupForm = z.output<ReturnType<typeof createSignupSchema>>;

// ---- New password (the page an e-mailed reset link opens) ----------------------------------

// Reset tokens are URL-safe text the account library makes; anything else is no link of ours.
const newPasswordShape = z.object({
  token: zRawText().refine((token) => token === '' || isTokenText(token, 1, 512), {
    message: AUTH_MESSAGES.resetLinkInvalid,
  }),
  password: zRawText(),
  confirmPassword: zRawText(),
});

/** New password form values. */
export type TNewPasswordValues = z.input<typeof newPasswordShape>;

/** New password rules, in signup's order: both given, equal, long enough. */
export function validateNewPassword(values: TNewPasswordValues): FieldError | null {
  const password = values.password ?? '';
  if (isBlank(values.token)) return fieldError('token', AUTH_MESSAGES.resetLinkInvalid);
  if (password === '') return fieldError('password', AUTH_MESSAGES.passwordRequired);
  if ((values.confirmPassword ?? '') === '') {
    return fieldError('confirmPassword', AUTH_MESSAGES.confirmPasswordRequired);
  }
  if (password !== values.confirmPassword) {
    return fieldError('confirmPassword', AUTH_MESSAGES.passwordsDoNotMatch);
  }
  return passwordLengthFailure(password);
}

/** The new password form and request body. */
export const ZNewPasswordForm = withValidator(newPasswordShape, validateNewPassword);
export type TNewPasswordForm = z.output<typeof ZNewPasswordForm>;
