import { TEXT_LIMITS, TEXT_MESSAGES } from '@campus/shared/domain/text';
import { describe, expect, it } from 'vitest';
import { personOf, photoOf } from './documents';
import { type PhotoOptions, planPhoto } from './photos';

const person = (data: Record<string, unknown>) =>
  personOf({ path: 'users/u1', id: 'u1', data: { email: 'sana@uni.edu.pk', ...data } });

describe('a Firebase profile', () => {
  it('keeps its names trimmed, as the sign-up form would', () => {
    expect(person({ firstName: '  Sana ', lastName: 'Khan' })).toMatchObject({
      ok: true,
      values: { firstName: 'Sana', lastName: 'Khan' },
    });
  });

  it('is refused, with the reason, when a name breaks the sign-up form’s text rule', () => {
    expect(person({ firstName: 'Sa\u0000na', lastName: 'Khan' })).toEqual({
      ok: false,
      reason: `firstName: ${TEXT_MESSAGES.forbiddenCharacters}`,
    });
    expect(person({ firstName: 'Sana', lastName: 'K'.repeat(TEXT_LIMITS.name + 1) })).toEqual({
      ok: false,
      reason: `lastName: ${TEXT_MESSAGES.tooLong(TEXT_LIMITS.name)}`,
    });
  });
});

describe('an item photo', () => {
  // Keeping an address touches neither the database nor the image store.
  const keep: PhotoOptions = {
    db: null as never,
    images: null as never,
    rehost: false,
    dryRun: false,
  };
  const plan = (photoURL: string) =>
    planPhoto(keep, photoOf({ path: 'p', id: 'i', data: { photoURL } }), 'menu-photo');

  it('keeps an https address', async () => {
    expect(await plan(' https://cdn.example.com/tea.jpg ')).toEqual({
      url: 'https://cdn.example.com/tea.jpg',
    });
  });

  it('is left out, with a note, when its address breaks the item form’s rule', async () => {
    const long = `https://cdn.example.com/${'a'.repeat(TEXT_LIMITS.url)}.jpg`;
    expect(await plan(long)).toEqual({
      url: null,
      note: `photo left out: ${TEXT_MESSAGES.tooLong(TEXT_LIMITS.url)}`,
    });
    expect(await plan('https://cdn.example.com/t\u0007ea.jpg')).toEqual({
      url: null,
      note: `photo left out: ${TEXT_MESSAGES.forbiddenCharacters}`,
    });
  });
});
