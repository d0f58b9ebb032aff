import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@campus/shared/domain/app-error';
import { ERROR_CATEGORIES, HTTP_STATUS_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import { uploads } from '@campus/shared/server/db/schema';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { assertRole, requireSignedIn, signedInUser } from '../auth/guards';
import type { Limit } from '../auth/rate-limit';
import { invalidField } from '../http/body';
import { withinPersonLimit } from '../http/needs-redis';
import {
  type CleanImage,
  type ImageStore,
  UPLOAD_PURPOSES,
  type UploadPurpose,
  uploadRecord,
} from '../uploads/image-store';
import { processUpload } from '../uploads/process-image';

// Per person: a checkout needs one screenshot, an admin filling a menu a few dozen photos.
const LIMITS = {
  uploads: { user: { max: 30, windowSeconds: 10 * 60 } },
} satisfies Record<string, { user: Limit }>;

/** The image itself plus the form's boundaries, field headers and the purpose field. */
const MAX_BODY_BYTES = SCREENSHOT_MAX_BYTES + 64 * 1024;

/** Catalogue photos are for the people who edit the catalogue. */

const tooLarge = () =>
  new AppError({
    code: 'invalid-argument',
    status: 413,
    userMessage: UPLOAD_MESSAGES.tooLarge,
    logMessage: `upload request body over ${MAX_BODY_BYTES} bytes`,
  });

const notABlob = () =>
  new AppError({ code: 'invalid-argument', status: 400, userMessage: UPLOAD_MESSAGES.notABlob });

/** Counts one upload against the person's limit; over it, a 429. */
const uploadRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const user = await signedInUser(c);
  const underLimit = await withinPersonLimit(c, 'uploads', user.uid, LIMITS.uploads.user);
  if (!underLimit) {
    throw new AppError({
      code: 'resource-exhausted',
      status: 429,
      userMessage: HTTP_STATUS_MESSAGES[429] ?? ERROR_CATEGORIES.UNKNOWN.message,
      logMessage: `user ${user.uid} is over the upload limit`,
    });
  }
  await next();
});

/** The form's purpose field: one of UPLOAD_PURPOSES, 'screenshot' when absent. */
function purposeOf(value: unknown): UploadPurpose {
  if (value === undefined || value === '') return 'screenshot';
  const purpose = UPLOAD_PURPOSES.find((known) => known === value);
  if (!purpose) throw invalidField('purpose', ERROR_CATEGORIES.VALIDATION.message);
  return purpose;
}

async function formOf(c: Context<AppEnv>) {
  try {
    return await c.req.parseBody();
  } catch (error) {
    // Not a readable multipart form: there is no file in it.
    c.get('log').info({ err: error }, 'upload body is not a readable form');
    throw notABlob();
  }
}

/** Stores the image; whatever goes wrong is logged here, with the request, and told plainly. */
async function saveImage(c: Context<AppEnv>, images: ImageStore, image: CleanImage) {
  try {
    return await images.save(image);
  } catch (error) {
    // pino's error serializer carries the cause (Cloudinary's answer) along.
    c.get('log').error({ err: error, store: images.kind }, 'could not store an uploaded image');
    if (error instanceof AppError) throw error;
    throw new AppError({
      code: 'internal',
      status: 500,
      userMessage: UPLOAD_MESSAGES.uploadFailed,
      cause: error,
    });
  }
}

/**
 * POST / (mounted at /api/uploads): a multipart form with `file` and `purpose`. Payment
 * screenshots from anyone signed in, menu and mart photos from campus and super admins. The
 * image is cleaned (processUpload), stored, recorded in `uploads`, and answered as
 * 201 { ok: true, upload: { id, url } }.
 */
export function uploadRoutes(deps: { images: ImageStore }) {
  return new Hono<AppEnv>().post(
    '/',
    requireSignedIn,
    uploadRateLimit,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const user = await signedInUser(c);
      const form = await formOf(c);
      const purpose = purposeOf(form.purpose);
      if (purpose !== 'screenshot') assertRole(user, 'campusAdmin', 'superAdmin');
      const file = form.file;
      if (!(file instanceof Blob)) throw notABlob();
      const image = await processUpload(Buffer.from(await file.arrayBuffer()), purpose);
      const { url } = await saveImage(c, deps.images, image);
      await c
        .get('accounts')
        .db.insert(uploads)
        .values(uploadRecord(image, deps.images.kind, url, user.uid));
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true, upload: { id: image.id, url } }, 201);
    },
  );
}

/** What the local image store writes: a server-made id and the extension of its type. */
const FILE_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

const notFound = () =>
  new AppError({ code: 'not-found', status: 404, userMessage: ERROR_CATEGORIES.NOT_FOUND.message });

/**
 * GET /uploads/:file from the local image store's folder. Names are checked against what the store
 * writes, so nothing else in (or outside) the folder can be reached. A name never changes content,
 * so browsers may keep a copy for a year.
 */
export function uploadFileRoutes(dir: string) {
  return (
    new Hono<AppEnv>()
      .get('/uploads/:file', async (c) => {
        const name = c.req.param('file');
        const extension = FILE_NAME.exec(name)?.[1] as keyof typeof CONTENT_TYPES | undefined;
        if (!extension) throw notFound();
        let data: Buffer;
        try {
          data = await readFile(join(dir, name));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') throw notFound();
          throw error;
        }
        // readFile never answers with shared memory.
        const body = new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
        return c.body(body, 200, {
          'Content-Type': CONTENT_TYPES[extension],
          // Never changes under its name; private, since payment screenshots show bank details
          // and must not sit in shared caches.
          'Cache-Control': 'private, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
        });
      })
      // The folder is ours alone: no deeper path falls through to the web app's index.html.
      .get('/uploads/*', () => {
        throw notFound();
      })
  );
}
