import { describe, expect, it } from 'vitest';
import { firebasePasswordHash, isFirebasePasswordHash } from './firebase-password';
import { hashPassword, verifyPassword } from './password';

// The example of Firebase's own scrypt tool (github.com/firebase/scrypt, README): a project's
// parameters, one user's salt and the hash Firebase Authentication stored for 'user1password'.
const FIREBASE_EXAMPLE = {
  parameters: {
    signerKey:
      'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    saltSeparator: 'Bw==',
    rounds: 8,
    memCost: 14,
  },
  salt: '42xEC+ixf3L2lw==',
  hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
};

describe('verifyPassword', () => {
  const stored = firebasePasswordHash(
    FIREBASE_EXAMPLE.parameters,
    FIREBASE_EXAMPLE.salt,
    FIREBASE_EXAMPLE.hash,
  );

  it('checks a hash brought over from Firebase with its project parameters', async () => {
    expect(isFirebasePasswordHash(stored)).toBe(true);
    expect(await verifyPassword({ hash: stored, password: 'user1password' })).toBe(true);
    expect(await verifyPassword({ hash: stored, password: 'user1passwore' })).toBe(false);
    expect(await verifyPassword({ hash: stored, password: '' })).toBe(false);
  });

  it('refuses a Firebase hash text that is cut short or has a bad parameter', async () => {
    const cut = stored.split('$').slice(0, -1).join('$');
    expect(await verifyPassword({ hash: cut, password: 'user1password' })).toBe(false);
    const badRounds = stored.replace('firebase-scrypt$8$', 'firebase-scrypt$x$');
    expect(await verifyPassword({ hash: badRounds, password: 'user1password' })).toBe(false);
  });

  it('checks a hash of our own as before', async () => {
    const ours = await hashPassword('a password of ours');
    expect(isFirebasePasswordHash(ours)).toBe(false);
    expect(await verifyPassword({ hash: ours, password: 'a password of ours' })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: 'another' })).toBe(false);
  });
});
