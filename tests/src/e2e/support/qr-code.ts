import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** What the QR code shown by `image` says, read from its pixels as a phone's camera would. */
export async function readQrCode(image: Locator): Promise<string | null> {
  // A quiet zone around the code, as printed labels have, so the reader finds its corners.
  const shot = await sharp(await image.screenshot())
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(shot.data), shot.info.width, shot.info.height);
  return found?.data ?? null;
}
