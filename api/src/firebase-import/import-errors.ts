import { FirebaseError } from 'firebase/app';

/** A failure the operator can act on, with what to do: printed as it is, without a stack. */
export class ImportStop extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportStop';
  }
}

const AUTH_REFUSALS: Record<string, string> = {
  'auth/invalid-credential': 'Firebase refused this e-mail and password.',
  'auth/wrong-password': 'Firebase refused this e-mail and password.',
  'auth/user-not-found': 'Firebase has no account with this e-mail.',
  'auth/invalid-email': 'This is not an e-mail address Firebase accepts.',
  'auth/user-disabled': 'This account is disabled in Firebase.',
  'auth/too-many-requests': 'Firebase blocked sign-in for now after too many attempts; try later.',
  'auth/invalid-api-key': 'Firebase refused the apiKey of the config: check the config file.',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.':
    'Firebase refused the apiKey of the config: check the config file.',
};

/** What went wrong reading Firebase while `doing` something, said plainly. */
export function sourceFailure(error: unknown, doing: string): ImportStop {
  const code = error instanceof FirebaseError ? error.code : '';
  const known = AUTH_REFUSALS[code];
  if (known) return new ImportStop(known, { cause: error });
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'permission-denied') {
    return new ImportStop(`Firebase refused ${doing} (permission-denied): ${detail}`, {
      cause: error,
    });
  }
  return new ImportStop(
    `Could not reach Firebase while ${doing}: ${detail}. Nothing of this part was written; ` +
      'run the import again once the network is back (what was imported stays, and is not doubled).',
    { cause: error },
  );
}
