import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ImageStore } from './image-store';

/**
 * Images as files `<dir>/<id>.<ext>`, served by the api under `/uploads/` (DESIGN §2, the default
 * that runs everywhere). An image's address is its path, whatever address the app is opened by
 * (absoluteImageUrl gives the whole URL where one leaves the app).
 */
export function createLocalImageStore(options: { dir: string }): ImageStore & { dir: string } {
  const { dir } = options;
  return {
    kind: 'local',
    dir,
    async save(image) {
      const name = `${image.id}.${image.extension}`;
      // Written under a name the file route never serves, then renamed in one step (same folder,
      // same file system): a reader sees the whole file or none. The file and the folder entry
      // are synced before the answer: an order placed with this screenshot is durable at commit,
      // so the screenshot must be on disk before it too.
      const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      await mkdir(dir, { recursive: true });
      try {
        const file = await open(temporary, 'wx');
        try {
          await file.writeFile(image.bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, join(dir, name));
        const folder = await open(dir, 'r');
        try {
          await folder.sync();
        } finally {
          await folder.close();
        }
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { url: `/uploads/${name}` };
    },
    async remove(image) {
      const name = basename(image.url);
      // Only a name this store gave: never a path out of its folder.
      if (!/^[\w-]+\.(jpg|png|webp)$/.test(name))
        throw new Error(`not a stored image: ${image.url}`);
      await rm(join(dir, name), { force: true });
    },
  };
}
