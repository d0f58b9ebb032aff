import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import {
  SCREENSHOTS_FOLDER,
  SCREENSHOTS_PATH,
  type TUploadResponse,
  UPLOAD_DAILY_LIMIT,
  UPLOAD_LIMIT,
  UPLOAD_MESSAGES,
} from '@campus/shared/domain/uploads';
import type { Db } from '@campus/shared/server/db/client';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { assertRole, type Guards } from '../auth/guards';
import { withinPersonLimit } from '../auth/needs-redis';
import type { Limit, RateLimiter } from '../auth/rate-limit';
import { limitBody } from '../http/body';
import { invalidArgument, invalidField, notFound, tooManyRequests } from '../http/errors';
import { type ImageStore, UPLOAD_PURPOSES, type UploadPurpose } from '../uploads/image-store';
import { STORED_FILE_NAME } from '../uploads/local-image-store';
import { saveUpload } from '../uploads/save-upload';
import { screenshotFor } from '../uploads/screenshot-access';

const UPLOAD_RATE: Limit = { max: UPLOAD_LIMIT.max, windowSeconds: UPLOAD_LIMIT.minutes * 60 };
const UPLOAD_DAILY_RATE: Limit = {
  max: UPLOAD_DAILY_LIMIT.max,
  windowSeconds: UPLOAD_DAILY_LIMIT.hours * 60 * 60,
};

/** The image itself plus the form's boundaries, field headers and the purpose field. */
const MAX_BODY_BYTES = SCREENSHOT_MAX_BYTES + 64 * 1024;

const notABlob = () => invalidArgument(UPLOAD_MESSAGES.notABlob);

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

/**
 * POST / (mounted at /api/uploads): a multipart form with `file` and `purpose`. Payment
 * screenshots from anyone signed in, menu and mart photos from campus and super admins.
 */
export function uploadRoutes(
  deps: { db: Db; images: ImageStore; rateLimiter: RateLimiter },
  guards: Guards,
) {
  /** Counts one upload against the person's limits; over one, a 429 that says which. */
  const uploadRateLimit = createMiddleware<AppEnv>(async (c, next) => {
    const user = await guards.signedInUser(c);
    const limits = { ...deps, log: c.get('log') };
    const [inMinutes, inDay] = await Promise.all([
      withinPersonLimit(limits, 'uploads', user.uid, UPLOAD_RATE),
      withinPersonLimit(limits, 'uploads-daily', user.uid, UPLOAD_DAILY_RATE),
    ]);
    if (!inMinutes || !inDay) {
      const logMessage = `user ${user.uid} is over the upload limit${inDay ? '' : ' of the day'}`;
      throw tooManyRequests(
        { logMessage },
        inDay ? UPLOAD_MESSAGES.tooMany : UPLOAD_MESSAGES.tooManyToday,
      );
    }
    await next();
  });

  return new Hono<AppEnv>().post(
    '/',
    guards.requireSignedIn,
    uploadRateLimit,
    limitBody(MAX_BODY_BYTES, UPLOAD_MESSAGES.tooLarge),
    async (c) => {
      const user = await guards.signedInUser(c);
      const form = await formOf(c);
      const purpose = purposeOf(form.purpose);
      if (purpose !== 'screenshot') assertRole(user, 'campusAdmin', 'superAdmin');
      if (!(form.file instanceof Blob)) throw notABlob();
      const bytes = Buffer.from(await form.file.arrayBuffer());
      const upload = await saveUpload({ ...deps, log: c.get('log') }, user, bytes, purpose);
      c.header('Cache-Control', 'no-store');
      const body: TUploadResponse = { ok: true, upload };
      return c.json(body, 201);
    },
  );
}

/**
 * GET SCREENSHOTS_PATH:file from the local image store's screenshots folder, only to the people
 * who may see it (screenshotFor; 401 signed out, 404 to anyone else, as for a screenshot that does
 * not exist), never kept by a cache: bank screenshots carry names and account numbers.
 */
export function screenshotFileRoutes(deps: { db: Db; dir: string }, guards: Guards) {
  return new Hono<AppEnv>().get(`${SCREENSHOTS_PATH}:file`, async (c) => {
    const user = await guards.signedInUser(c);
    const name = c.req.param('file');
    if (!STORED_FILE_NAME.test(name)) throw notFound();
    const found = await screenshotFor(deps.db, user, `${SCREENSHOTS_PATH}${name}`);
    if (!found) throw notFound();
    const data = await readStored(join(deps.dir, SCREENSHOTS_FOLDER, name));
    return c.body(data, 200, {
      'Content-Type': found.contentType,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}

/** A stored file's bytes; a 404 when it is not there. */
async function readStored(path: string): Promise<Uint8Array<ArrayBuffer>> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') throw notFound();
    throw error;
  }
  // readFile never answers with shared memory.
  return new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
}

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * GET /uploads/:file, a catalogue photo of the local image store's folder. Names are checked
 * against what the store writes, so nothing else in (or outside) the folder can be reached. A
 * name never changes content, so browsers may keep a copy for a year.
 */
export function uploadFileRoutes(dir: string) {
  return (
    new Hono<AppEnv>()
      .get('/uploads/:file', async (c) => {
        const name = c.req.param('file');
        const extension = STORED_FILE_NAME.exec(name)?.[1] as
          | keyof typeof CONTENT_TYPES
          | undefined;
        if (!extension) throw notFound();
        const body = await readStored(join(dir, name));
        return c.body(body, 200, {
          'Content-Type': CONTENT_TYPES[extension],
          // Never changes under its name. Private: screenshots stored by earlier versions are here.
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
