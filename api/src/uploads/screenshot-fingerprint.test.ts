import { createHash } from 'node:crypto';
import {
  LOOKS_SAME_MAX_DISTANCE,
  PERCEPTUAL_BITS,
} from '@campus/shared/server/screenshots/screenshot-match';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  fingerprintScreenshot,
  hammingDistance,
  isSameScreenshot,
  perceptualBits,
} from './screenshot-fingerprint';

const RECEIPT_LIKE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="280" height="200"><rect width="280" height="200" fill="#fff"/><text x="20" y="60" font-size="28">Rs 1,020.00</text></svg>';

const fingerprint = async (bytes: Buffer) => {
  const result = await fingerprintScreenshot(bytes);
  if (!result) throw new Error('a drawn receipt did not fingerprint');
  return result;
};

describe('fingerprintScreenshot', () => {
  it('gives the SHA-256 of the bytes received, as node:crypto computes it', async () => {
    const png = await sharp({
      create: { width: 360, height: 740, channels: 3, background: '#0b6e4f' },
    })
      .composite([{ input: Buffer.from(RECEIPT_LIKE_SVG), top: 120, left: 40 }])
      .png()
      .toBuffer();
    const { sha256, perceptual } = await fingerprint(png);
    expect(sha256).toBe(createHash('sha256').update(png).digest('hex'));
    expect(perceptual).toMatch(new RegExp(`^[0-9a-f]{${PERCEPTUAL_BITS / 4}}$`));
    // The same bytes, the same fingerprint: hashes stored today compare with tomorrow's.
    expect(await fingerprint(Buffer.from(png))).toEqual({ sha256, perceptual });
  });

  it('gives null for bytes that do not decode, so the order is placed and flagged not checked', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    for (const bytes of [
      Buffer.from('this is not a picture'),
      Buffer.alloc(0),
      png.subarray(0, png.length / 2),
    ]) {
      expect(await fingerprintScreenshot(bytes)).toBeNull();
    }
  });

  it('hashes pictures without a layout to find too: blank, tiny, transparent, a long strip', async () => {
    const plain = (width: number, height: number, channels: 3 | 4, background: string) =>
      sharp({ create: { width, height, channels, background } }).png().toBuffer();
    for (const bytes of [
      await plain(300, 600, 3, '#ffffff'),
      await plain(1, 1, 4, '#00000000'),
      await plain(12, 2000, 3, '#336699'),
    ]) {
      expect((await fingerprint(bytes)).perceptual).toHaveLength(PERCEPTUAL_BITS / 4);
    }
  });
});

describe('hammingDistance and isSameScreenshot', () => {
  const zeros = '0'.repeat(PERCEPTUAL_BITS / 4);
  const withBits = (count: number) =>
    'f'.repeat(Math.floor(count / 4)) +
    (count % 4 ? ['', '8', 'c', 'e'][count % 4] : '') +
    '0'.repeat(PERCEPTUAL_BITS / 4 - Math.ceil(count / 4));

  it('counts the bits that differ', () => {
    expect(hammingDistance('00', '00')).toBe(0);
    expect(hammingDistance('0f', 'f0')).toBe(8);
    expect(hammingDistance('a5', '5a')).toBe(8);
    expect(hammingDistance(zeros, withBits(13))).toBe(13);
    expect(() => hammingDistance('00', '000')).toThrow(TypeError);
    expect(() => hammingDistance('0g', '00')).toThrow(TypeError);
  });

  it('calls screenshots the same on equal bytes, or on hashes within the threshold', () => {
    const a = { sha256: 'a'.repeat(64), perceptual: zeros };
    const near = { sha256: 'b'.repeat(64), perceptual: withBits(LOOKS_SAME_MAX_DISTANCE) };
    const far = { sha256: 'c'.repeat(64), perceptual: withBits(LOOKS_SAME_MAX_DISTANCE + 1) };
    expect(isSameScreenshot(a, near)).toBe(true);
    expect(isSameScreenshot(a, far)).toBe(false);
    expect(isSameScreenshot(far, { ...a, sha256: far.sha256 })).toBe(true);
  });

  it('spells a hash as the 0s and 1s of a bit column', () => {
    const bits = perceptualBits(`a${'0'.repeat(PERCEPTUAL_BITS / 4 - 2)}f`);
    expect(bits).toHaveLength(PERCEPTUAL_BITS);
    expect(bits.startsWith('1010')).toBe(true);
    expect(bits.endsWith('1111')).toBe(true);
  });
});
