import { randomBytes } from 'node:crypto';
import { identityError } from './errors';

// Identity Toolkit's e-mail and password sign-in and Secure Token's refresh, as the auth SDK
// calls them, with the tokens they issue: an ID token is an unsigned JWT (as the real emulator
// issues them), good for Firestore only if this stand-in issued it and it has not expired.

export interface Account {
  uid: string;
  email: string;
  password: string;
  disabled?: boolean;
}

/** Whom a Firestore call's ID token names, or why it names no one. */
export type TokenCheck = { uid: string } | 'unknown' | 'expired';

export class IdentityService {
  private readonly accounts = new Map<string, Account & { createdAt: number }>();
  private readonly idTokens = new Map<string, { uid: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, string>();

  constructor(
    private readonly projectId: string,
    private readonly tokenLifetimeS: number,
  ) {}

  add(account: Account) {
    this.accounts.set(account.uid, { ...account, createdAt: Date.now() });
  }

  /** accounts:signInWithPassword. Unknown e-mail and wrong password answer alike, as with e-mail enumeration protection on. */
  signIn(body: Record<string, unknown>) {
    if (typeof body.email !== 'string' || !body.email.includes('@')) {
      throw identityError('INVALID_EMAIL');
    }
    if (typeof body.password !== 'string' || body.password === '') {
      throw identityError('MISSING_PASSWORD');
    }
    const email = body.email.toLowerCase();
    const account = [...this.accounts.values()].find((a) => a.email.toLowerCase() === email);
    if (!account || account.password !== body.password) {
      throw identityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (account.disabled) throw identityError('USER_DISABLED');
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.uid,
      email: account.email,
      displayName: '',
      registered: true,
      ...this.issueTokens(account),
    };
  }

  /** accounts:lookup, which the SDK calls right after signing in to load the user. */
  lookup(body: Record<string, unknown>) {
    const check = typeof body.idToken === 'string' ? this.check(body.idToken) : 'unknown';
    if (typeof check === 'string') throw identityError('INVALID_ID_TOKEN');
    const account = this.accounts.get(check.uid);
    if (!account) throw identityError('USER_NOT_FOUND');
    const createdAt = String(account.createdAt);
    return {
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [
        {
          localId: account.uid,
          email: account.email,
          emailVerified: false,
          passwordHash: 'UkVEQUNURUQ=',
          passwordUpdatedAt: account.createdAt,
          providerUserInfo: [
            {
              providerId: 'password',
              federatedId: account.email,
              email: account.email,
              rawId: account.email,
            },
          ],
          validSince: String(Math.floor(account.createdAt / 1000)),
          disabled: account.disabled ?? false,
          createdAt,
          lastLoginAt: createdAt,
        },
      ],
    };
  }

  /** Secure Token's /v1/token with grant_type=refresh_token; its answer is in snake_case. */
  refresh(body: Record<string, unknown>) {
    if (body.grant_type !== 'refresh_token') throw identityError('INVALID_GRANT_TYPE');
    const uid =
      typeof body.refresh_token === 'string'
        ? this.refreshTokens.get(body.refresh_token)
        : undefined;
    if (uid === undefined) throw identityError('INVALID_REFRESH_TOKEN');
    const account = this.accounts.get(uid);
    if (!account) throw identityError('USER_NOT_FOUND');
    if (account.disabled) throw identityError('USER_DISABLED');
    const { idToken, refreshToken, expiresIn } = this.issueTokens(account);
    return {
      access_token: idToken,
      id_token: idToken,
      expires_in: expiresIn,
      token_type: 'Bearer',
      refresh_token: refreshToken,
      user_id: uid,
      project_id: this.projectId,
    };
  }

  check(idToken: string): TokenCheck {
    const issued = this.idTokens.get(idToken);
    if (!issued) return 'unknown';
    return issued.expiresAt > Date.now() ? { uid: issued.uid } : 'expired';
  }

  private issueTokens(account: Account) {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.tokenLifetimeS;
    const idToken = [
      base64Json({ alg: 'none', typ: 'JWT' }),
      base64Json({
        iss: `https://securetoken.google.com/${this.projectId}`,
        aud: this.projectId,
        auth_time: issuedAt,
        user_id: account.uid,
        sub: account.uid,
        iat: issuedAt,
        exp: expiresAt,
        email: account.email,
        email_verified: false,
        firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
        // Two tokens issued in one second still differ.
        jti: randomBytes(8).toString('hex'),
      }),
      '',
    ].join('.');
    const refreshToken = randomBytes(24).toString('hex');
    this.idTokens.set(idToken, { uid: account.uid, expiresAt: expiresAt * 1000 });
    this.refreshTokens.set(refreshToken, account.uid);
    return { idToken, refreshToken, expiresIn: String(this.tokenLifetimeS) };
  }
}

function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
