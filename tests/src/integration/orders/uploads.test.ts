import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCloudinaryImageStore } from '@campus/api/uploads/cloudinary-image-store';
import {
  sweepUnattachedUploads,
  UNATTACHED_UPLOAD_HOURS,
} from '@campus/api/uploads/sweep-unattached';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import type { TRole } from '@campus/shared/domain/roles';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import type { Database } from '@campus/shared/server/db/client';
import { menuItems, uploads } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree, buildOrder } from '../../support/builders';
import { solvedCaptcha } from '../../support/captcha';
import { type CloudinaryStandIn, startCloudinaryStandIn } from '../../support/cloudinary-stand-in';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

let database: Database;
let redis: Redis;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let standIn: CloudinaryStandIn;
const opened: TestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  tree = await buildCampusTree(database.db);
  standIn = await startCloudinaryStandIn();
});
afterAll(async () => {
  await Promise.all(opened.map((test) => test.close()));
  await standIn.close();
  redis.disconnect();
  await database.close();
});

type TestApp = ReturnType<typeof createTestApp>;

function testApp(options: Partial<Parameters<typeof createTestApp>[0]> = {}): TestApp {
  const test = createTestApp({ database, redis, ...options });
  opened.push(test);
  return test;
}

/** The session cookie of a new person of the role, signed in as the browser would. */
async function signedIn(app: TestApp['app'], role: TRole) {
  const person = await createPerson(database.db, role, role === 'superAdmin' ? null : tree.campus);
  const response = await app.request('/api/account/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.20' },
    body: JSON.stringify({
      email: person.email,
      password: person.password,
      captcha: await solvedCaptcha(app),
    }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { ...person, cookie };
}

/** A multipart upload as the web's form sends it. */
function upload(
  app: TestApp['app'],
  cookie: string | null,
  fields: { file?: Blob | string; fileName?: string; purpose?: string },
) {
  const form = new FormData();
  if (typeof fields.file === 'string') form.set('file', fields.file);
  else if (fields.file) form.set('file', fields.file, fields.fileName ?? 'screenshot.png');
  if (fields.purpose !== undefined) form.set('purpose', fields.purpose);
  return app.request('/api/uploads', {
    method: 'POST',
    headers: { 'x-forwarded-for': '203.0.113.20', ...(cookie ? { cookie } : {}) },
    body: form,
  });
}

type Answer = { ok: true; upload: { id: string; url: string } };

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** A screenshot as a phone takes it: bigger than 1000 px, with camera metadata. */
async function phoneScreenshot() {
  const png = await sharp({
    create: { width: 1170, height: 2532, channels: 3, background: '#f4f6fb' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect x="10" y="40" width="700" height="90" fill="#0a7d32"/></svg>',
        ),
        top: 400,
        left: 100,
      },
    ])
    .png()
    .withExif({ IFD0: { Make: 'PhoneCo', Software: 'Bank App 7' } })
    .toBuffer();
  return new File([new Uint8Array(png)], 'IMG_0042.png', { type: 'image/png' });
}

const smallJpeg = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'photo.jpg',
    { type: 'image/jpeg' },
  );

const rowsBy = (userId: string) =>
  database.db.select().from(uploads).where(eq(uploads.uploadedBy, userId));

/** Files in the local store's folder, temporary ones included. */
const filesIn = (dir: string) => readdirSync(dir);

describe(`uploads on ${engine}`, () => {
  it('refuses a signed-out upload with 401 and stores nothing', async () => {
    const { app, uploadsDir } = testApp();
    const response = await upload(app, null, { file: await phoneScreenshot() });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe('Authentication required. Please log in.');
    expect(filesIn(uploadsDir)).toEqual([]);
  });

  it("stores a student's payment screenshot cleaned, and serves it as an immutable image", async () => {
    const { app, uploadsDir } = testApp();
    const student = await signedIn(app, 'user');
    const response = await upload(app, student.cookie, { file: await phoneScreenshot() });
    expect(response.status).toBe(201);
    const { ok, upload: stored } = (await response.json()) as Answer;
    expect(ok).toBe(true);
    expect(stored.url).toBe(`/api/screenshots/${stored.id}.png`);
    expect(filesIn(join(uploadsDir, 'screenshots'))).toEqual([`${stored.id}.png`]);

    const served = await app.request(stored.url, { headers: { cookie: student.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(readFileSync(join(uploadsDir, 'screenshots', `${stored.id}.png`)))).toBe(
      true,
    );
    const image = await sharp(bytes).metadata();
    expect([image.format, image.width, image.height]).toEqual(['png', 462, 1000]);
    expect(image.exif).toBeUndefined();

    const [row] = await rowsBy(student.id);
    expect(row).toMatchObject({
      id: stored.id,
      purpose: 'screenshot',
      store: 'local',
      url: stored.url,
      contentType: 'image/png',
      bytes: bytes.length,
      width: 462,
      height: 1000,
    });
  });

  it('serves a payment screenshot only to its student, its order campus’s admins and super admins', async () => {
    const { app } = testApp();
    const student = await signedIn(app, 'user');
    const response = await upload(app, student.cookie, { file: await smallJpeg() });
    const { upload: stored } = (await response.json()) as Answer;
    const statusFor = async (cookie?: string) =>
      (await app.request(stored.url, cookie ? { headers: { cookie } } : {})).status;
    // Not among the public photos under any name.
    expect((await app.request(`/uploads/${stored.id}.jpg`)).status).toBe(404);
    expect((await app.request(`/uploads/screenshots/${stored.id}.jpg`)).status).toBe(404);
    expect(await statusFor()).toBe(401);
    expect(await statusFor(student.cookie)).toBe(200);
    const otherStudent = await signedIn(app, 'user');
    const ourAdmin = await signedIn(app, 'campusAdmin');
    const superAdmin = await signedIn(app, 'superAdmin');
    const theirTree = await buildCampusTree(database.db);
    const theirAdmin = await createPerson(database.db, 'campusAdmin', theirTree.campus);
    const theirCookie = await signInCookie(app, theirAdmin.email, theirAdmin.password);
    expect(await statusFor(otherStudent.cookie)).toBe(404);
    expect(await statusFor(ourAdmin.cookie)).toBe(404);
    expect(await statusFor(superAdmin.cookie)).toBe(200);
    // Once an order of our campus is paid with it, our campus's admins see it; no one else does.
    await buildOrder(database.db, tree, student, { screenshotUrl: stored.url });
    expect(await statusFor(ourAdmin.cookie)).toBe(200);
    expect(await statusFor(theirCookie)).toBe(404);
    expect(await statusFor(otherStudent.cookie)).toBe(404);
    expect((await app.request(`/api/screenshots/../${stored.id}.jpg`)).status).toBe(404);
  });

  it('refuses a text file named .png with the spec text, and stores no file and no row', async () => {
    const { app, uploadsDir } = testApp();
    const student = await signedIn(app, 'user');
    const fake = new File(['Paid Rs 500 to CampusBucket, trust me.'], 'receipt.png', {
      type: 'image/png',
    });
    const response = await upload(app, student.cookie, { file: fake });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('The file given is not an image');
    expect(filesIn(uploadsDir)).toEqual([]);
    expect(await rowsBy(student.id)).toEqual([]);
  });

  it('refuses a form without a file with the image helper text', async () => {
    const { app } = testApp();
    const student = await signedIn(app, 'user');
    for (const fields of [{}, { file: 'not a file' }]) {
      const response = await upload(app, student.cookie, fields);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(
        'The file given is not an instance of Blob or File',
      );
    }
    const unknownPurpose = await upload(app, student.cookie, {
      file: await smallJpeg(),
      purpose: 'avatar',
    });
    expect(unknownPurpose.status).toBe(400);
  });

  it('refuses an image over 0.5 MB with 413 and the size message', async () => {
    const { app, uploadsDir } = testApp();
    const student = await signedIn(app, 'user');
    const big = new File([new Uint8Array(SCREENSHOT_MAX_BYTES + 100 * 1024)], 'big.jpg', {
      type: 'image/jpeg',
    });
    const response = await upload(app, student.cookie, { file: big });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe(
      'The image is larger than 0.5 MB. Please choose a smaller image.',
    );
    expect(filesIn(uploadsDir)).toEqual([]);
  });

  it('lets only campus and super admins upload menu and mart photos', async () => {
    const { app, uploadsDir } = testApp();
    const student = await signedIn(app, 'user');
    const refused = await upload(app, student.cookie, {
      file: await smallJpeg(),
      purpose: 'menu-photo',
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      'Access denied. Campus Admin privileges required.',
    );
    expect(filesIn(uploadsDir)).toEqual([]);
    expect(await rowsBy(student.id)).toEqual([]);

    for (const [role, purpose] of [
      ['campusAdmin', 'menu-photo'],
      ['superAdmin', 'mart-photo'],
    ] as const) {
      const admin = await signedIn(app, role);
      const response = await upload(app, admin.cookie, { file: await smallJpeg(), purpose });
      expect(response.status).toBe(201);
      const { upload: stored } = (await response.json()) as Answer;
      expect(stored.url).toMatch(/\.jpg$/);
      const [row] = await rowsBy(admin.id);
      expect(row).toMatchObject({ purpose, contentType: 'image/jpeg', width: 64, height: 48 });
    }
  });

  it('limits one person to 30 uploads in 10 minutes', async () => {
    const { app } = testApp();
    const student = await signedIn(app, 'user');
    const other = await signedIn(app, 'user');
    const notImage = () => new File(['x'], 'x.png', { type: 'image/png' });
    for (let i = 0; i < 30; i++) {
      expect((await upload(app, student.cookie, { file: notImage() })).status).toBe(400);
    }
    const limited = await upload(app, student.cookie, { file: await smallJpeg() });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe(
      'You can upload at most 30 images in 10 minutes. Please wait a few minutes and try again.',
    );
    expect((await upload(app, other.cookie, { file: await smallJpeg() })).status).toBe(201);
  });

  it('serves only names the store writes, and 404 for anything else', async () => {
    const { app } = testApp();
    const admin = await signedIn(app, 'campusAdmin');
    const response = await upload(app, admin.cookie, {
      file: await smallJpeg(),
      purpose: 'menu-photo',
    });
    const { upload: stored } = (await response.json()) as Answer;
    expect(stored.url).toBe(`/uploads/${stored.id}.jpg`);
    expect((await app.request(stored.url)).status).toBe(200);
    for (const wrong of [
      '/uploads/00000000-0000-0000-0000-000000000000.jpg',
      `/uploads/${stored.id}.svg`,
      `/uploads/${stored.id}.JPG`,
      '/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
      `/uploads/..%2F${stored.id}.jpg`,
      '/uploads/.hidden.jpg',
      `/uploads/nested/${stored.id}.jpg`,
      '/uploads/',
    ]) {
      const answer = await app.request(wrong);
      expect(answer.status, wrong).toBe(404);
      expect(answer.headers.get('content-type'), wrong).not.toMatch(/^image\//);
    }
  });
});

describe(`uploads to Cloudinary on ${engine}`, () => {
  it("stores the screenshot on Cloudinary and answers with Cloudinary's secure_url", async () => {
    const { app } = testApp({ images: createCloudinaryImageStore(standIn.cloudinaryUrl) });
    const student = await signedIn(app, 'user');
    const before = standIn.uploads.length;
    const response = await upload(app, student.cookie, { file: await phoneScreenshot() });
    expect(response.status).toBe(201);
    const { upload: stored } = (await response.json()) as Answer;
    expect(stored.url).toBe(
      `https://res.cloudinary.test/${standIn.cloudName}/image/upload/v${standIn.uploads[before]?.params.timestamp}/campusbucket/screenshot/${stored.id}.png`,
    );
    const received = standIn.uploads[before];
    expect(received?.params).toMatchObject({
      public_id: stored.id,
      folder: 'campusbucket/screenshot',
      overwrite: '0',
    });
    const sent = await sharp(received?.file).metadata();
    expect([sent.format, sent.width, sent.height, sent.exif]).toEqual([
      'png',
      462,
      1000,
      undefined,
    ]);
    const [row] = await rowsBy(student.id);
    expect(row).toMatchObject({ id: stored.id, store: 'cloudinary', url: stored.url });
  });

  it("answers 'Failed to upload image. Please try again.' when Cloudinary fails, and records nothing", async () => {
    const { app } = testApp({ images: createCloudinaryImageStore(standIn.cloudinaryUrl) });
    const student = await signedIn(app, 'user');
    for (const status of [500, 503]) {
      standIn.failNext(1, status);
      const requestsBefore = standIn.requests;
      const response = await upload(app, student.cookie, { file: await smallJpeg() });
      expect(standIn.requests).toBe(requestsBefore + 1);
      expect(response.status).toBe(502);
      expect((await errorOf(response)).message).toBe('Failed to upload image. Please try again.');
    }
    expect(await rowsBy(student.id)).toEqual([]);
  });

  it('is refused by Cloudinary with a wrong secret, and says so the same way', async () => {
    const wrongSecret = standIn.cloudinaryUrl.replace(/:[^:@]+@/, ':not-the-secret@');
    const { app } = testApp({ images: createCloudinaryImageStore(wrongSecret) });
    const student = await signedIn(app, 'user');
    const response = await upload(app, student.cookie, { file: await smallJpeg() });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('Failed to upload image. Please try again.');
  });

  it('takes back from Cloudinary an upload nothing took after a day', async () => {
    const { app, images } = testApp({ images: createCloudinaryImageStore(standIn.cloudinaryUrl) });
    const student = await signedIn(app, 'user');
    const { upload: stored } = (await (
      await upload(app, student.cookie, { file: await smallJpeg() })
    ).json()) as Answer;
    await age(stored.id);
    expect(await sweepUnattachedUploads({ db: database.db, images, log: testLog })).toBe(1);
    expect(standIn.destroyed).toContain(`campusbucket/screenshot/${stored.id}`);
    expect(await rowsBy(student.id)).toEqual([]);
  });
});

/** Makes an upload look as old as the sweep's limit and a minute more. */
const age = (id: string) =>
  database.db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - (UNATTACHED_UPLOAD_HOURS * 60 + 1) * 60_000) })
    .where(eq(uploads.id, id));

describe(`uploads nothing took, on ${engine}`, () => {
  it('are removed after a day, row and file; those an order or an item shows, and new ones, stay', async () => {
    const { app, images, uploadsDir } = testApp();
    const student = await signedIn(app, 'user');
    const admin = await signedIn(app, 'campusAdmin');
    const uploaded = async (cookie: string, purpose: string) =>
      ((await (await upload(app, cookie, { file: await smallJpeg(), purpose })).json()) as Answer)
        .upload;
    const abandoned = await uploaded(student.cookie, 'screenshot');
    const paid = await uploaded(student.cookie, 'screenshot');
    const photo = await uploaded(admin.cookie, 'menu-photo');
    const fresh = await uploaded(student.cookie, 'screenshot');
    await buildOrder(database.db, tree, student, { screenshotUrl: paid.url });
    await database.db
      .update(menuItems)
      .set({ photoUrl: photo.url })
      .where(eq(menuItems.id, tree.menuItem.id));
    for (const old of [abandoned, paid, photo]) await age(old.id);

    expect(await sweepUnattachedUploads({ db: database.db, images, log: testLog })).toBe(1);
    const left = (await database.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(left).not.toContain(abandoned.id);
    expect(left).toEqual(expect.arrayContaining([paid.id, photo.id, fresh.id]));
    expect(filesIn(join(uploadsDir, 'screenshots')).sort()).toEqual(
      [paid, fresh].map((kept) => kept.url.replace('/api/screenshots/', '')).sort(),
    );
    expect(filesIn(uploadsDir).filter((name) => name !== 'screenshots')).toEqual([
      photo.url.replace('/uploads/', ''),
    ]);
    expect(await sweepUnattachedUploads({ db: database.db, images, log: testLog })).toBe(0);
  });

  it('count against a limit of a day besides the one of ten minutes, and the answer says which', async () => {
    const test = testApp();
    const student = await signedIn(test.app, 'user');
    await redis.set(`${test.prefix}:ratelimit:uploads-daily:user:${student.id}`, 100, 'EX', 3600);
    const refused = await upload(test.app, student.cookie, { file: await smallJpeg() });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(UPLOAD_MESSAGES.tooManyToday);
    expect(UPLOAD_MESSAGES.tooManyToday).toBe(
      'You can upload at most 100 images a day. Please try again tomorrow.',
    );
  });
});
