import { crc32 } from 'node:zlib';
import { AppError } from '@campus/shared/domain/app-error';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import { sniffImageFormat, UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processUpload } from './process-image';

/** A photo-like image (noise compresses poorly, as a real photo does). */
function noisy(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 31) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const solid = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } });

/** Pads a JPEG to exactly `size` bytes with comment segments right after its start marker. */
function padJpeg(jpeg: Buffer, size: number): Buffer {
  const segments: Buffer[] = [];
  let missing = size - jpeg.length;
  while (missing > 0) {
    // A segment is FF FE, a two-byte length (counting itself), then the comment.
    const length = Math.min(missing - 2, 0xffff);
    if (length < 2) throw new Error('cannot pad by fewer than 4 bytes');
    const segment = Buffer.alloc(length + 2, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(length, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** A real PNG whose header claims another size (a decompression bomb's trick). */
function withClaimedSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height; CRC over type + data.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const GPS_IFD_POINTER = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

describe('processUpload', () => {
  it('re-encodes a phone JPEG without its EXIF, GPS position included, and stands it upright', async () => {
    const input = await noisy(400, 300)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Camera 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.includes('PhoneCo')).toBe(true);
    expect(GPS_IFD_POINTER.some((tag) => before.exif?.includes(tag))).toBe(true);
    expect(before.orientation).toBe(6);

    const image = await processUpload(input, 'screenshot');

    const after = await sharp(image.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.bytes.includes('PhoneCo')).toBe(false);
    // Orientation 6 is a quarter turn: the 400×300 sensor image is a 300×400 picture.
    expect([image.width, image.height]).toEqual([300, 400]);
    expect([after.width, after.height]).toEqual([300, 400]);
    expect(image).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(image.purpose).toBe('screenshot');
  });

  it('fits a 3000×2000 PNG inside 1000×1000 and keeps it a PNG', async () => {
    const input = await solid(3000, 2000).png().toBuffer();
    const image = await processUpload(input, 'menu-photo');
    expect(image).toMatchObject({
      contentType: 'image/png',
      extension: 'png',
      width: 1000,
      height: 667,
      purpose: 'menu-photo',
    });
    const after = await sharp(image.bytes).metadata();
    expect([after.format, after.width, after.height]).toEqual(['png', 1000, 667]);
  });

  it('never enlarges a small image', async () => {
    const image = await processUpload(await solid(120, 80).png().toBuffer(), 'screenshot');
    expect([image.width, image.height]).toEqual([120, 80]);
  });

  it('accepts a GIF and a WebP as JPEG, transparent pixels turned white', async () => {
    const gif = await processUpload(await noisy(50, 40).gif().toBuffer(), 'mart-photo');
    expect(gif).toMatchObject({ contentType: 'image/jpeg', width: 50, height: 40 });
    expect((await sharp(gif.bytes).metadata()).format).toBe('jpeg');

    const clear = sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    });
    const webp = await processUpload(await clear.webp().toBuffer(), 'screenshot');
    expect(webp.contentType).toBe('image/jpeg');
    const { data } = await sharp(webp.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((value) => value > 245)).toBe(true);
  });

  it('gives every image a new URL-safe id', async () => {
    const input = await solid(10, 10).png().toBuffer();
    const [a, b] = await Promise.all([
      processUpload(input, 'screenshot'),
      processUpload(input, 'screenshot'),
    ]);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses a text file, whatever its name, with the spec text', async () => {
    const text = Buffer.from('Transaction id 12345, paid Rs 500. Not a picture at all.\n');
    const error = await refusal(processUpload(text, 'screenshot'));
    expect(error).toMatchObject({ status: 400, userMessage: 'The file given is not an image' });
  });

  it('refuses formats it does not accept even when they are images (SVG, TIFF)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const tiff = await solid(10, 10).tiff().toBuffer();
    for (const input of [svg, tiff]) {
      const error = await refusal(processUpload(input, 'screenshot'));
      expect(error).toMatchObject({ status: 400, userMessage: UPLOAD_MESSAGES.notAnImage });
    }
  });

  it('refuses a truncated JPEG and a PNG signature followed by garbage', async () => {
    const jpeg = await noisy(400, 300).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    for (const input of [truncated, fakePng]) {
      const error = await refusal(processUpload(input, 'screenshot'));
      expect(error).toMatchObject({ status: 400, userMessage: 'The file given is not an image' });
    }
  });

  it('refuses a decompression bomb: a small file claiming too many pixels', async () => {
    const png = await solid(8000, 6000, '#ffffff').png().toBuffer();
    expect(png.length).toBeLessThan(SCREENSHOT_MAX_BYTES);
    const lying = withClaimedSize(await solid(1, 1).png().toBuffer(), 60_000, 60_000);
    for (const input of [png, lying]) {
      const error = await refusal(processUpload(input, 'screenshot'));
      expect(error).toMatchObject({ status: 400, userMessage: UPLOAD_MESSAGES.notAnImage });
      expect(String(error.cause)).toMatch(/pixel limit/i);
    }
  });

  it('accepts exactly 0.5 MiB and refuses one byte more, before decoding anything', async () => {
    const jpeg = await noisy(300, 200).jpeg().toBuffer();
    const atLimit = padJpeg(jpeg, SCREENSHOT_MAX_BYTES);
    expect(atLimit.length).toBe(SCREENSHOT_MAX_BYTES);
    const image = await processUpload(atLimit, 'screenshot');
    expect([image.width, image.height]).toEqual([300, 200]);
    // The comment padding is metadata too: it is gone.
    expect(image.bytes.length).toBeLessThan(jpeg.length * 2);

    const over = padJpeg(jpeg, SCREENSHOT_MAX_BYTES + 1);
    const error = await refusal(processUpload(over, 'screenshot'));
    expect(error).toMatchObject({ status: 413, userMessage: UPLOAD_MESSAGES.tooLarge });
    // Garbage over the limit is refused for its size, so it was never sniffed or decoded.
    const garbage = await refusal(
      processUpload(Buffer.alloc(SCREENSHOT_MAX_BYTES + 1), 'screenshot'),
    );
    expect(garbage.status).toBe(413);
    expect(UPLOAD_MESSAGES.tooLarge).toBe(
      'The image is larger than 0.5 MB. Please choose a smaller image.',
    );
  });

  it('refuses something that is not bytes with the spec text of the image helper', async () => {
    const error = await refusal(processUpload('receipt.png' as unknown as Buffer, 'screenshot'));
    expect(error).toMatchObject({
      status: 400,
      userMessage: 'The file given is not an instance of Blob or File',
    });
  });
});

describe('sniffImageFormat', () => {
  it('reads the format from the first bytes only', () => {
    const riff = (kind: string) => Buffer.from(`RIFF\0\0\0\0${kind}VP8 `, 'latin1');
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from('GIF87a...'))).toBe('gif');
    expect(sniffImageFormat(Buffer.from('GIF89a...'))).toBe('gif');
    expect(sniffImageFormat(riff('WEBP'))).toBe('webp');
    expect(sniffImageFormat(riff('WAVE'))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
