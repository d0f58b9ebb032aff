import { TEXT_LIMITS } from '@campus/shared/domain/text';
import type { Database } from '@campus/shared/server/db/client';
import { openCheckedRedis } from '@campus/shared/server/redis';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTree,
  buildAdminTree,
  campusForm,
  createUserForm,
  domainForm,
  martItemForm,
  menuItemForm,
  restaurantForm,
  universityForm,
} from '../support/admin';
import { createTestApp } from '../support/app';
import { engine, openTestDatabase } from '../support/database';
import { testLog } from '../support/logger';
import { checkoutBody, postOrder, signedInStudent } from '../support/orders';
import { createPerson } from '../support/people';
import { testRedisUrl } from '../support/redis';
import { signInCookie } from '../support/session';

// Every text field of every route, fed text PostgreSQL refuses (U+0000), text no UTF-8 can carry
// (lone surrogates), blanks made of zero-width characters and huge lengths: each answers 4xx, the
// plainly hostile ones 400 with the field named, and the api goes on serving afterwards.

let database: Database;
let redis: Redis;
let tree: AdminTree;
let test: ReturnType<typeof createTestApp>;
let student: Awaited<ReturnType<typeof signedInStudent>>;
let superAdminCookie: string;
let checkout: unknown;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  tree = await buildAdminTree(database.db);
  test = createTestApp({ database, redis });
  student = await signedInStudent(test.app, database.db, tree.campus);
  const admin = await createPerson(database.db, 'superAdmin');
  superAdminCookie = await signInCookie(test.app, admin.email, admin.password);
  checkout = await checkoutBody(test.app, tree, student.screenshot, { captcha: 'not-solved' });
});

afterAll(async () => {
  await test.close();
  redis.disconnect();
  await database.close();
});

/** Percent-encodes text as UTF-8; a lone surrogate as the three bytes a careless client sends. */
function encodePart(text: string): string {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      bytes.push(0xed, 0xa0 | ((code >> 6) & 0x1f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(...new TextEncoder().encode(char));
    }
  }
  return bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** A copy of a JSON body with the value at a dotted path ('cartItems.0.name') replaced. */
function withValue(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

let ip = 0;
/** A fresh client address per anonymous request, so the per-address limits do not answer first. */
const freshIp = () => `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;

/** `max`: the field's own maximum when it is not one of the text rule's (a sheet cell's). */
type Target = { name: string; send: (text: string) => Promise<Response>; max?: number };

function bodyTargets(
  method: string,
  path: string,
  fields: readonly string[],
  base: () => unknown | Promise<unknown>,
  who: () => string | null,
): Target[] {
  return fields.map((field) => ({
    name: `${method} ${path} ${field}`,
    send: async (text) => {
      const cookie = who();
      return test.app.request(path, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': freshIp(),
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(withValue(await base(), field, text)),
      });
    },
  }));
}

function urlTarget(
  method: string,
  url: (part: string) => string,
  who: () => string | null,
): Target {
  return {
    max: url('').includes('?') ? TEXT_LIMITS.query : TEXT_LIMITS.param,
    name: `${method} ${url('…')}`,
    send: async (text: string) => {
      const cookie = who();
      return test.app.request(url(encodePart(text)), {
        method,
        headers: { 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
      });
    },
  };
}

const anonymous = () => null;
const asStudent = () => student.cookie;
const asSuperAdmin = () => superAdminCookie;

function targets(): Target[] {
  const signUp = () => ({
    firstName: 'Ali',
    lastName: 'Khan',
    universityId: tree.university.id,
    campusId: tree.campus.id,
    email: 'ali@uni.edu.pk',
    password: 'secret-1',
    confirmPassword: 'secret-1',
    captcha: 'not-a-solved-captcha',
  });
  const tabNames = () => ({ universityName: 'Uni', campusName: 'Main' });
  return [
    ...bodyTargets(
      'POST',
      '/api/orders',
      [
        'firstName',
        'lastName',
        'room',
        'phone',
        'specialInstruction',
        'universityId',
        'campusId',
        'accountTitle',
        'bankName',
        'screenshot',
        'idempotencyKey',
        'captcha',
        'cartItems.0.name',
        'cartItems.0.restaurantName',
        'cartItems.0.itemId',
        'cartItems.0.campusId',
        'cartItems.0.restaurantId',
      ],
      () => checkout,
      asStudent,
    ),
    ...bodyTargets('POST', '/api/account/sign-up', Object.keys(signUp()), signUp, anonymous),
    ...bodyTargets(
      'POST',
      '/api/bucket/prices',
      ['lines.0.itemId', 'lines.0.restaurantId'],
      () => ({ lines: [{ itemId: tree.menuItem.id, restaurantId: tree.restaurant.id }] }),
      anonymous,
    ),
    ...bodyTargets(
      'POST',
      '/api/account/sign-in',
      ['email', 'password', 'captcha'],
      () => ({ email: 'ali@uni.edu.pk', password: 'secret-1', captcha: 'x' }),
      anonymous,
    ),
    ...bodyTargets(
      'POST',
      '/api/account/password-reset',
      ['email', 'captcha'],
      () => ({ email: 'ali@uni.edu.pk', captcha: 'x' }),
      anonymous,
    ),
    ...bodyTargets(
      'POST',
      '/api/account/new-password',
      ['token', 'password', 'confirmPassword'],
      () => ({ token: 'abcdefgh12345678', password: 'secret-1', confirmPassword: 'secret-1' }),
      anonymous,
    ),
    urlTarget('GET', (p) => `/api/account/allowed-domains?campusId=${p}`, anonymous),
    urlTarget('GET', (p) => `/api/account/verify-email?token=${p}`, anonymous),
    urlTarget('GET', (p) => `/api/checkout/context?campusId=${p}`, asStudent),
    urlTarget('GET', (p) => `/api/admin/restaurants?campusId=${p}`, asSuperAdmin),
    urlTarget('GET', (p) => `/api/admin/menu-items?restaurantId=${p}`, asSuperAdmin),
    urlTarget('GET', (p) => `/api/admin/users?campusId=${p}`, asSuperAdmin),
    urlTarget('GET', (p) => `/api/catalogue/universities/${p}/campuses`, anonymous),
    urlTarget('GET', (p) => `/api/catalogue/campuses/${p}/restaurants`, anonymous),
    urlTarget('GET', (p) => `/api/catalogue/restaurants/${p}`, anonymous),
    urlTarget('PATCH', (p) => `/api/admin/universities/${p}`, asSuperAdmin),
    urlTarget('PATCH', (p) => `/api/admin/mart-items/${p}`, asSuperAdmin),
    urlTarget('DELETE', (p) => `/api/admin/restaurants/${p}`, asSuperAdmin),
    urlTarget('DELETE', (p) => `/api/admin/users/${p}`, asSuperAdmin),
    urlTarget('GET', (p) => `/api/sheets/tabs/${p}/rows`, asSuperAdmin),
    urlTarget('POST', (p) => `/api/sheets/orders/${p}`, asSuperAdmin),
    urlTarget('GET', (p) => `/uploads/${p}`, anonymous),
    ...bodyTargets('POST', '/api/admin/universities', ['name'], universityForm, asSuperAdmin),
    ...bodyTargets(
      'POST',
      '/api/admin/campuses',
      [
        'universityId',
        'name',
        'location',
        'payToAccountTitle',
        'payToBankName',
        'payToAccountNumber',
      ],
      () => campusForm(tree),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/admin/restaurants',
      ['universityId', 'campusId', 'name', 'location', 'cuisine', 'openTime', 'closeTime'],
      () => restaurantForm(tree),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/admin/menu-items',
      [
        'id',
        'universityId',
        'campusId',
        'restaurantId',
        'name',
        'price',
        'description',
        'photoURL',
      ],
      () => menuItemForm(tree),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/admin/mart-items',
      ['name', 'price', 'description', 'category', 'stock', 'stockWas', 'photoURL'],
      () => martItemForm(tree),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/admin/domains',
      ['universityId', 'campusId', 'name', 'domain'],
      () => domainForm(tree),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/admin/users',
      ['firstName', 'lastName', 'email', 'password', 'role', 'universityId', 'campusId'],
      () => createUserForm(tree),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'PATCH',
      `/api/admin/users/${student.id}/role`,
      ['role'],
      () => ({ role: 'user' }),
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/sheets/create',
      ['universityName', 'campusName'],
      tabNames,
      asSuperAdmin,
    ),
    ...bodyTargets(
      'DELETE',
      '/api/sheets/delete',
      ['universityName', 'campusName'],
      tabNames,
      asSuperAdmin,
    ),
    ...bodyTargets(
      'POST',
      '/api/sheets/orders/Uni_Main',
      ['values.0.0'],
      () => ({ values: [['a', 'b']] }),
      asSuperAdmin,
    ).map((target) => ({ ...target, max: 50_000 })),
    ...bodyTargets('POST', '/submit-order', ['orderId'], () => ({ orderId: 'x' }), asStudent),
  ];
}

// Text every field must refuse with 400 on that field: U+0000 alone and inside, a lone high
// and a lone low surrogate, another control character, and a value past the field's maximum
// (500 is the longest of the text rule's).
const plainlyHostile = (target: Target) => [
  '\u0000',
  'Ali\u0000Khan',
  'Ali\uD800',
  '\uDC00Khan',
  'Ali\u001BKhan',
  'x'.repeat((target.max ?? 500) + 1),
];

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom(
          '\u0000',
          '\u0007',
          '\u001B',
          '\u007F',
          '\u0085',
          '\uD800',
          '\uDBFF',
          '\uDC00',
          '\uDFFF',
          '\u200B',
          '\u200C',
          '\u200D',
          '\u2060',
          '\uFEFF',
          ' ',
          '\n',
        ),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join('')),
  fc
    .array(fc.constantFrom('\u200B', '\u2060', '\uFEFF', ' ', '\u3000'), { maxLength: 12 })
    .map((run) => run.join('')),
  fc.integer({ min: 90, max: 70_000 }).map((n) => 'a'.repeat(n)),
);

type ErrorBody = { error?: { message?: string; fields?: Record<string, string> } };

describe(`hostile text in every field on ${engine}`, () => {
  it('answers 400 with the field named for U+0000, lone surrogates, control characters and overlong text', async () => {
    const failures: string[] = [];
    for (const target of targets()) {
      for (const text of plainlyHostile(target)) {
        const response = await target.send(text);
        const body = (await response.json().catch(() => ({}))) as ErrorBody;
        const fields = Object.keys(body.error?.fields ?? {});
        if (response.status !== 400 || fields.length === 0 || !body.error?.message) {
          failures.push(`${target.name} ${JSON.stringify(text.slice(0, 12))}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('never answers 5xx to fuzzed text in any field, and keeps serving', async () => {
    const all = targets();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), hostileText, async (target, text) => {
        const response = await target.send(text);
        await response.arrayBuffer();
        expect(response.status, `${target.name} ${JSON.stringify(text.slice(0, 40))}`).toBeLessThan(
          500,
        );
      }),
      { numRuns: 600 },
    );
    expect((await test.app.request('/healthz')).status).toBe(200);
    // A real order from another student still goes through.
    const other = await signedInStudent(test.app, database.db, tree.campus);
    const placed = await postOrder(
      test.app,
      other.cookie,
      await checkoutBody(test.app, tree, other.screenshot),
    );
    expect(placed.status).toBe(201);
  }, 300_000);
});
