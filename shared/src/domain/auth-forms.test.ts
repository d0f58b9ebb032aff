import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  createSignupSchema,
  isEmailAddress,
  type SignupContext,
  type TSignupValues,
  validateLogin,
  validateNewPassword,
  validatePasswordReset,
  validateSignup,
  ZLoginForm,
  ZPasswordResetForm,
} from './auth-forms';

/** The messages zod reports, so each test also checks the schema agrees with the function. */
function schemaMessages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('login', () => {
  const valid = { email: 'Ali@Uni.edu.pk ', password: 'secret', captcha: 'token' };

  it.each([
    [{ email: '', password: '', captcha: '' }, 'email', 'Please enter your email address.'],
    [{ ...valid, email: 'ali' }, 'email', 'Please enter a valid email address.'],
    [{ ...valid, password: '' }, 'password', 'Please enter your password.'],
    [{ ...valid, captcha: '' }, 'captcha', 'Please complete the CAPTCHA verification.'],
  ])('reports the first problem of %j', (values, field, message) => {
    expect(validateLogin(values)).toEqual({ field, message });
    const result = ZLoginForm.safeParse(values);
    expect(schemaMessages(result)).toEqual([message]);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('accepts a complete form and compares e-mail in lower case', () => {
    expect(validateLogin(valid)).toBeNull();
    expect(ZLoginForm.parse(valid)).toEqual({ ...valid, email: 'ali@uni.edu.pk' });
  });
});

describe('password reset', () => {
  it('needs an email, then the captcha', () => {
    expect(validatePasswordReset({ email: ' ', captcha: '' })?.message).toBe(
      'Please enter your email address.',
    );
    expect(validatePasswordReset({ email: 'a@b.co', captcha: '' })?.message).toBe(
      'Please complete the CAPTCHA verification.',
    );
    expect(schemaMessages(ZPasswordResetForm.safeParse({ captcha: 'x' }))).toEqual([
      'Please enter your email address.',
    ]);
    expect(ZPasswordResetForm.safeParse({ email: 'a@b.co', captcha: 'x' }).success).toBe(true);
  });
});

describe('signup', () => {
  const context: SignupContext = {
    allowedDomains: [
      { domain: '@uni.edu.pk', universityId: 'u1', campusId: 'c1' },
      { domain: '@student.uni.edu.pk', universityId: 'u1', campusId: 'c1' },
      { domain: '@other.edu', universityId: 'u1', campusId: 'c2' },
    ],
  };
  const valid: TSignupValues = {
    firstName: 'Ali',
    lastName: 'Khan',
    universityId: 'u1',
    campusId: 'c1',
    email: 'ali@uni.edu.pk',
    password: 'secret1',
    confirmPassword: 'secret1',
    captcha: 'token',
  };
  const domainMessage =
    'Email must end with one of the allowed domains for this campus: @uni.edu.pk, @student.uni.edu.pk';

  it.each([
    [{ firstName: '' }, 'firstName', 'Please enter your first name.'],
    [{ lastName: ' ' }, 'lastName', 'Please enter your last name.'],
    [{ universityId: '', campusId: '' }, 'universityId', 'Please select a university and campus.'],
    [{ campusId: '' }, 'campusId', 'Please select a university and campus.'],
    [{ email: '' }, 'email', 'Please enter your email address.'],
    [{ password: '' }, 'password', 'Please enter your password.'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password.'],
    [{ email: 'ali@gmail.com' }, 'email', domainMessage],
    [{ confirmPassword: 'secret2' }, 'confirmPassword', 'Passwords do not match.'],
    [
      { password: 'abcde', confirmPassword: 'abcde' },
      'password',
      'Password must be at least 6 characters long.',
    ],
    [{ captcha: '' }, 'captcha', 'Please complete the CAPTCHA verification.'],
  ])('with %j reports %s: %s', (change, field, message) => {
    const values = { ...valid, ...change };
    expect(validateSignup(values, context)).toEqual({ field, message });
    expect(schemaMessages(createSignupSchema(context).safeParse(values))).toEqual([message]);
  });

  it('checks in the spec order when several steps fail', () => {
    const allWrong = {
      ...valid,
      email: 'ali@gmail.com',
      password: 'abc',
      confirmPassword: 'abd',
      captcha: '',
    };
    expect(validateSignup({ ...allWrong, campusId: '' }, context)?.message).toBe(
      'Please select a university and campus.',
    );
    expect(validateSignup(allWrong, context)?.message).toBe(domainMessage);
    expect(validateSignup({ ...allWrong, email: valid.email }, context)?.message).toBe(
      'Passwords do not match.',
    );
    expect(
      validateSignup({ ...allWrong, email: valid.email, confirmPassword: 'abc' }, context)?.message,
    ).toBe('Password must be at least 6 characters long.');
  });

  it('accepts any allowed domain of the chosen campus, in any case', () => {
    expect(validateSignup({ ...valid, email: 'Ali@Student.UNI.edu.pk' }, context)).toBeNull();
    expect(validateSignup({ ...valid, campusId: 'c2', email: 'a@other.edu' }, context)).toBeNull();
    expect(validateSignup({ ...valid, campusId: 'c2' }, context)?.message).toBe(
      'Email must end with one of the allowed domains for this campus: @other.edu',
    );
  });

  it('skips the domain rule for a campus without allowed domains', () => {
    expect(validateSignup({ ...valid, campusId: 'c9', email: 'a@gmail.com' }, context)).toBeNull();
  });

  it('keeps the password exactly as typed and the e-mail in lower case', () => {
    const parsed = createSignupSchema(context).parse({
      ...valid,
      email: ' ALI@uni.edu.pk',
      password: ' pass1 ',
      confirmPassword: ' pass1 ',
    });
    expect(parsed.email).toBe('ali@uni.edu.pk');
    expect(parsed.password).toBe(' pass1 ');
  });

  it('shares the messages the server reports', () => {
    expect(AUTH_MESSAGES.emailAlreadyExists).toBe('An account with this email already exists.');
  });
});

describe('e-mail addresses and password length (as the account library checks them)', () => {
  it.each([
    ['ali@uni.edu.pk', true],
    ['ali.khan+food@uni.edu.pk', true],
    ['ali..khan@uni.edu.pk', false],
    ['.ali@uni.edu.pk', false],
    ['ali.@uni.edu.pk', false],
    ['ali@uni', false],
  ])('%s is an e-mail address: %s', (email, expected) => {
    expect(isEmailAddress(email)).toBe(expected);
  });

  it('refuses a password longer than 128 characters at sign-up and for a new password', () => {
    const long = 'x'.repeat(129);
    const signup = validateSignup(
      {
        firstName: 'Ali',
        lastName: 'Khan',
        universityId: 'u1',
        campusId: 'c1',
        email: 'ali@uni.edu.pk',
        password: long,
        confirmPassword: long,
        captcha: 'token',
      },
      { allowedDomains: [] },
    );
    expect(signup).toEqual({ field: 'password', message: AUTH_MESSAGES.passwordTooLong });
    expect(validateNewPassword({ token: 't', password: long, confirmPassword: long })).toEqual({
      field: 'password',
      message: 'Password must be at most 128 characters long.',
    });
    const fine = 'x'.repeat(128);
    expect(validateNewPassword({ token: 't', password: fine, confirmPassword: fine })).toBeNull();
  });
});
