import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SCREENSHOTS_FOLDER, SCREENSHOTS_PATH } from '@campus/shared/domain/uploads';
import type { ImageStore, UploadPurpose } from './image-store';

/** What the store names a file: a server-made id and the extension of its type. */
export const STORED_FILE_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;

/**
 * Images as files `<dir>/<id>.<ext>`, served by the api under `/uploads/` (docs/architecture.md §2,
 * the default that runs everywhere), and payment screenshots as `<dir>/screenshots/<id>.<ext>`,
 * served only to the people who may see them at SCREENSHOTS_PATH. An image's address is its path,
 * whatever address the app is opened by (absoluteImageUrl gives the whole URL where one leaves the
 * app).
 */
export function createLocalImageStore(options: { dir: string }): ImageStore & { dir: string } {
  const { dir } = options;
  const placeOf = (purpose: UploadPurpose) =>
    purpose === 'screenshot'
      ? { folder: join(dir, SCREENSHOTS_FOLDER), path: SCREENSHOTS_PATH }
      : { folder: dir, path: '/uploads/' };
  return {
    kind: 'local',
    dir,
    async save(image) {
      const name = `${image.id}.${image.extension}`;
      const { folder: into, path } = placeOf(image.purpose);
      // Written under a name the file route never serves, then renamed in one step (same folder,
      // same file system): a reader sees the whole file or none. The file and the folder entry
      // are synced before the answer: an order placed with this screenshot is durable at commit,
      // so the screenshot must be on disk before it too.
      const temporary = join(into, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await mkdir(into, { recursive: true });
      try {
        const file = await open(temporary, 'wx');
        try {
          await file.writeFile(image.bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, join(into, name));
        const folder = await open(into, 'r');
        try {
          await folder.sync();
        } finally {
          await folder.close();
        }
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { url: `${path}${name}` };
    },
    async remove(image) {
      const name = basename(image.url);
      // Only a name this store gave: never a path out of its folder.
      if (!STORED_FILE_NAME.test(name)) throw new Error(`not a stored image: ${image.url}`);
      await rm(join(placeOf(image.purpose).folder, name), { force: true });
    },
  };
}
