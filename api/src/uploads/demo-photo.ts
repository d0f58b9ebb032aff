import { ITEM_PHOTO_BOX } from '@campus/shared/domain/limits';
import { newId } from '@campus/shared/server/db/ids';
import type { DemoPhotoSaver } from '@campus/shared/server/db/seed';
import sharp from 'sharp';
import { type CleanImage, type ImageStore, type UploadPurpose, uploadRecord } from './image-store';
import { JPEG_QUALITY } from './process-image';

const { width: WIDTH, height: HEIGHT } = ITEM_PHOTO_BOX;

/** Dark enough for a white letter to read well on every one of them. */
const COLOURS = ['#c2410c', '#b91c1c', '#15803d', '#a16207', '#0f766e', '#9d174d', '#4d7c0f'];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** The same name always gets the same colour. */
function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] as string;
}

/**
 * A demo item's picture: the initial of its name on a plate, on a colour of its own; a JPEG of the
 * storefront's photo box, as a cleaned upload is. (Without any font installed the plate and the
 * colour still show.)
 */
export async function drawDemoPhoto(name: string, purpose: UploadPurpose): Promise<CleanImage> {
  const initial = ([...name.trim()][0] ?? '?')
    .toUpperCase()
    .replace(/[&<>]/g, (char) => XML_ESCAPES[char] ?? char);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${colourOf(name)}"/>
  <circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="${HEIGHT / 3}" fill="#ffffff" fill-opacity="0.2"/>
  <text x="${WIDTH / 2}" y="${HEIGHT / 2}" font-family="sans-serif" font-size="${HEIGHT * 0.4}"
    font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${initial}</text>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return {
    id: newId(),
    bytes: data,
    contentType: 'image/jpeg',
    extension: 'jpg',
    width: info.width,
    height: info.height,
    purpose,
  };
}

/** The seed's pictures, drawn and stored where admins' photos go, and recorded as theirs are. */
export function demoPhotoSaver(images: ImageStore): DemoPhotoSaver {
  return async ({ name, purpose }) => {
    const image = await drawDemoPhoto(name, purpose);
    const { url } = await images.save(image);
    return uploadRecord(image, images.kind, url, null);
  };
}
