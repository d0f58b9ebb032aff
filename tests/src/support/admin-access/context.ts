import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Database } from '@campus/shared/server/db/client';
import {
  allowedDomains,
  campuses,
  martItems,
  menuItems,
  restaurants,
  sheetRows,
  sheetTabs,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AdminTree, buildAdminTree, changesBetween, type Snapshot, snapshot } from '../admin';
import { createTestApp, TEST_PUBLIC_URL } from '../app';
import { openTestDatabase } from '../database';
import { testLog } from '../logger';
import { createPerson } from '../people';
import { testRedisUrl } from '../redis';
import { signInCookie } from '../session';

// What the admin access tests share (docs/decisions/006-admin-scope.md): the api over a test
// database, two campuses, a person of every kind, and calls sent as each of them. Each test file
// that calls setUpAdminAccess() gets a world of its own.

export type TestApp = ReturnType<typeof createTestApp>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Persona = 'signedOut' | 'user' | 'ourAdmin' | 'theirAdmin' | 'superAdmin';
type Person = { id: string; email: string; password: string; cookie: string };

export const PERSONAS: readonly Persona[] = [
  'signedOut',
  'user',
  'ourAdmin',
  'theirAdmin',
  'superAdmin',
];

export interface AdminAccess {
  database: Database;
  redis: Redis;
  /** The api, with its producer (queues) and local sheet store. */
  testApp: TestApp;
  /** The campus of `user` and `ourAdmin`; `theirAdmin` runs the campus of `theirs`. */
  ours: AdminTree;
  theirs: AdminTree;
  people: Record<Exclude<Persona, 'signedOut'>, Person>;
}

/** The world of the running test file, filled in by setUpAdminAccess() before its tests run. */
export const access = {} as AdminAccess;

export const db = () => access.database.db;

/** Opens the world before the file's tests (beforeAll) and closes it after them (afterAll). */
export function setUpAdminAccess(): void {
  beforeAll(async () => {
    access.database = await openTestDatabase();
    access.redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    access.testApp = createTestApp({ database: access.database, redis: access.redis });
    access.ours = await buildAdminTree(access.database.db);
    access.theirs = await buildAdminTree(access.database.db);
    const roles = {
      user: ['user', access.ours.campus],
      ourAdmin: ['campusAdmin', access.ours.campus],
      theirAdmin: ['campusAdmin', access.theirs.campus],
      superAdmin: ['superAdmin', null],
    } as const;
    const people = {} as AdminAccess['people'];
    for (const [persona, [role, campus]] of Object.entries(roles)) {
      const person = await createPerson(access.database.db, role, campus);
      const cookie = await signInCookie(access.testApp.app, person.email, person.password);
      people[persona as keyof typeof roles] = { ...person, cookie };
    }
    access.people = people;
  });

  afterAll(async () => {
    await access.testApp?.close();
    access.redis?.disconnect();
    await access.database?.close();
  });
}

/** A request of the admin api: what to send, and what its success must have done. */
export interface Call {
  method: Method;
  path: string;
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  /** The row the audit entry of a success names (creates: read from the answer). */
  entityId?: string;
  /** The content type of a success that is a download rather than `{ ok: true, ... }`. */
  file?: string;
  /** A success is an open event stream: `done` reads it (and closes it), nobody else does. */
  stream?: true;
  /** Reads back what a success did. */
  done?: (answer: unknown, response: Response) => Promise<void>;
}

/** Sends a call as a browser on our site would: JSON, Origin on writes, the person's cookie. */
export function send(
  call: Call,
  cookie?: string,
  origin: string = TEST_PUBLIC_URL,
  app: TestApp['app'] = access.testApp.app,
) {
  const headers: Record<string, string> = { 'x-forwarded-for': '203.0.113.30' };
  if (call.method !== 'GET') headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  // A FormData body (a file upload) goes as multipart, with the boundary fetch chooses.
  const multipart = call.body instanceof FormData;
  if (call.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  return app.request(call.path, {
    method: call.method,
    headers,
    body: multipart ? (call.body as FormData) : JSON.stringify(call.body),
  });
}

export const as = (persona: Persona, call: Call) =>
  send(call, persona === 'signedOut' ? undefined : access.people[persona].cookie);

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
export const campusQuery = (tree: AdminTree) =>
  query({ universityId: tree.university.id, campusId: tree.campus.id });

async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

export const restaurantRow = (id: string) =>
  one(db().select().from(restaurants).where(eq(restaurants.id, id)));
export const menuItemRow = (id: string) =>
  one(db().select().from(menuItems).where(eq(menuItems.id, id)));
export const martItemRow = (id: string) =>
  one(db().select().from(martItems).where(eq(martItems.id, id)));
export const userRow = (id: string) => one(db().select().from(users).where(eq(users.id, id)));
export const campusRow = (id: string) =>
  one(db().select().from(campuses).where(eq(campuses.id, id)));
export const universityRow = (id: string) =>
  one(db().select().from(universities).where(eq(universities.id, id)));
export const domainRow = (id: string) =>
  one(db().select().from(allowedDomains).where(eq(allowedDomains.id, id)));

/** The jobs of the test app's sheets queue that are not done yet. */
async function sheetJobs() {
  const jobs = await access.testApp.producer
    .queue('sheets')
    .getJobs(['waiting', 'delayed', 'prioritized', 'active']);
  return jobs.map((job) => ({ name: job.name, data: job.data as { tabName?: string } }));
}

export async function expectTabJob(name: 'create-sheet-tab' | 'delete-sheet-tab', tabName: string) {
  expect(await sheetJobs()).toContainEqual({ name, data: { tabName } });
}

/** The job a sheet call answered with, as it waits in the sheets queue. */
export async function expectQueued(answer: unknown, name: string, data: Record<string, string>) {
  const job = await access.testApp.producer
    .queue('sheets')
    .getJob((answer as { jobId: string }).jobId);
  expect([job?.name, job?.data]).toEqual([name, data]);
}

/** The order tab of a campus, made as the worker's create job would make it. */
export async function tabOf(tree: AdminTree): Promise<string> {
  const name = sheetTabName(tree.university.name, tree.campus.name);
  await access.testApp.sheets.ensureTab(name, ORDER_SHEET_HEADER);
  return name;
}

export const tabPath = (name: string) => `/api/sheets/tabs/${encodeURIComponent(name)}`;

/** What a request may change: the admin tables (with audit log and outbox) and the local sheet. */
export async function everything(): Promise<Snapshot> {
  const [tabs, rows] = await Promise.all([
    db().select().from(sheetTabs),
    db().select().from(sheetRows),
  ]);
  const byKey = <T>(list: T[], key: (row: T) => string | number) =>
    new Map(list.map((row) => [String(key(row)), JSON.stringify(row)]));
  return {
    ...(await snapshot(db())),
    sheet_tabs: byKey(tabs, (tab) => tab.sheetId),
    sheet_rows: byKey(rows, (row) => row.id),
  };
}

/**
 * Sends a call that must change nothing (a refusal, or a clear of what is already empty); the
 * database and the local sheet must be exactly as they were, and no job queued.
 */
export async function expectUnchanged(
  persona: Persona,
  call: Call,
  status: number | readonly number[],
  message?: string,
) {
  const before = await everything();
  const jobsBefore = (await sheetJobs()).length;
  const response = await as(persona, call);
  const answer = await answerOf(response);
  const allowed = typeof status === 'number' ? [status] : status;
  expect(allowed, `${call.method} ${call.path}: ${JSON.stringify(answer)}`).toContain(
    response.status,
  );
  if (message !== undefined) expect((answer as ErrorBody).error?.message).toBe(message);
  expect(changesBetween(before, await everything())).toEqual([]);
  expect((await sheetJobs()).length).toBe(jobsBefore);
  return answer;
}
