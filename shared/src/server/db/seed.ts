import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type TDeliverySlot, WEEKDAYS } from '../../domain/delivery-rounds';
import { rupeesToPaisa } from '../../domain/money';
import type { TRole } from '../../domain/roles';
import { formatTime12h } from '../../domain/time-of-day';
import { DEFAULT_TIME_ZONE, minutesOfDay } from '../../domain/time-zone';
import type { Db } from './client';
import { newId } from './ids';
import {
  accounts,
  allowedDomains,
  auditLog,
  campuses,
  deliveryPlaces,
  martItems,
  menuItems,
  restaurants,
  universities,
  uploads,
  users,
} from './schema';

export interface DemoAccount {
  role: TRole;
  email: string;
  password: string;
}

/** The demo's people: a super admin, a campus admin and a student of its Lahore campus. */
export const DEMO_PEOPLE = [
  { role: 'superAdmin', email: 'superadmin@campusbucket.test' },
  { role: 'campusAdmin', email: 'admin@lhr.northfield.edu.pk' },
  { role: 'user', email: 'student@lhr.northfield.edu.pk' },
] as const satisfies ReadonlyArray<Omit<DemoAccount, 'password'>>;

/**
 * The demo's accounts with passwords of their own: a published password would let anyone who can
 * reach a fresh install in as its super admin. 72 random bits each.
 */
export function newDemoAccounts(): DemoAccount[] {
  return DEMO_PEOPLE.map((person) => ({
    ...person,
    password: randomBytes(9).toString('base64url'),
  }));
}

const SEED_LOCK_KEY = 727_002;

type MenuSeed = Array<[name: string, rupees: number, description: string]>;

/**
 * Draws and stores a demo item's picture as the app stores an admin's upload (the image store the
 * configuration chose), and gives the `uploads` row that records it.
 */
export type DemoPhotoSaver = (item: {
  name: string;
  purpose: 'menu-photo' | 'mart-photo';
}) => Promise<typeof uploads.$inferInsert>;

/** A two-hour window starting two hours from now, so the restaurant is closed while seeding. */
function closedWindow(now: Date): { openTime: string; closeTime: string } {
  const hourNow = Math.floor(minutesOfDay(now, DEFAULT_TIME_ZONE) / 60);
  return {
    openTime: formatTime12h(((hourNow + 2) % 24) * 60),
    closeTime: formatTime12h(((hourNow + 4) % 24) * 60),
  };
}

/** The demo's Lahore campus delivers three rounds a day, every day. */
const DEMO_ROUNDS: TDeliverySlot[] = WEEKDAYS.flatMap((weekday) => [
  { weekday, cutoff: '12:30 PM', delivery: '1:30 PM' },
  { weekday, cutoff: '6:30 PM', delivery: '7:30 PM' },
  { weekday, cutoff: '10:30 PM', delivery: '11:15 PM' },
]);

/** The demo's Lahore campus delivers to its halls, a department and the gate. */
const DEMO_PLACES = [
  { name: 'Iqbal Hall', code: 'IQH', note: '' },
  { name: 'Jinnah Hall', code: 'JNH', note: '' },
  { name: 'Fatima Hall', code: 'FTH', note: 'Hand over at the front desk.' },
  { name: 'Engineering Block', code: 'ENG', note: '' },
  { name: 'Main Gate', code: 'GATE', note: 'By the guard post.' },
];

/**
 * Fills an empty database with demo data, once: a 'seed' row in the audit log remembers it, so a
 * later start never seeds again, even after an admin deletes everything. With `savePhoto`, every
 * demo item gets a picture, so a first visit shows no empty photo boxes. `demoAccounts` are the
 * demo's people (DEMO_PEOPLE) with their passwords (newDemoAccounts).
 */
export async function seedDemoData(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
  {
    demoAccounts,
    now = new Date(),
    savePhoto,
  }: { demoAccounts: DemoAccount[]; now?: Date; savePhoto?: DemoPhotoSaver },
): Promise<{ seeded: boolean }> {
  // Hashing is slow on purpose: done before the transaction, so its lock is held briefly.
  const hashes = await Promise.all(demoAccounts.map((account) => hashPassword(account.password)));
  return db.transaction(async (tx) => {
    // Processes starting together take turns, so only the first one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const done = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'seed'), eq(auditLog.entity, 'demo-data')))
      .limit(1);
    const existing = await tx.select({ id: universities.id }).from(universities).limit(1);
    if (done.length > 0 || existing.length > 0) return { seeded: false };

    const northfield = newId();
    const riverside = newId();
    await tx.insert(universities).values([
      { id: northfield, name: 'Northfield University' },
      { id: riverside, name: 'Riverside Institute of Technology' },
    ]);

    const lahore = newId();
    const islamabad = newId();
    const riversideMain = newId();
    await tx.insert(campuses).values([
      {
        id: lahore,
        universityId: northfield,
        name: 'Lahore Campus',
        location: 'Faisal Town',
        deliverySlots: DEMO_ROUNDS,
      },
      { id: islamabad, universityId: northfield, name: 'Islamabad Campus', location: 'H-11' },
      { id: riversideMain, universityId: riverside, name: 'Main Campus', location: 'Karachi' },
    ]);

    await tx.insert(deliveryPlaces).values(
      DEMO_PLACES.map((place, position) => ({
        id: newId(),
        campusId: lahore,
        position,
        ...place,
      })),
    );

    await tx.insert(allowedDomains).values([
      {
        id: newId(),
        name: 'Lahore students',
        domain: '@lhr.northfield.edu.pk',
        universityId: northfield,
        campusId: lahore,
      },
      {
        id: newId(),
        name: 'Islamabad students',
        domain: '@isb.northfield.edu.pk',
        universityId: northfield,
        campusId: islamabad,
      },
      {
        id: newId(),
        name: 'Riverside students',
        domain: '@rit.edu.pk',
        universityId: riverside,
        campusId: riversideMain,
      },
    ]);

    // Stored only once seeding is decided; a seed that then fails leaves unused files, no rows.
    const photoUploads: Array<typeof uploads.$inferInsert> = [];
    const photoUrl = async (name: string, purpose: 'menu-photo' | 'mart-photo') => {
      if (!savePhoto) return null;
      const upload = await savePhoto({ name, purpose });
      photoUploads.push(upload);
      return upload.url;
    };

    const addRestaurant = async (
      restaurant: Omit<typeof restaurants.$inferInsert, 'id'>,
      menu: MenuSeed,
    ) => {
      const id = newId();
      await tx.insert(restaurants).values({ id, ...restaurant });
      await tx.insert(menuItems).values(
        await Promise.all(
          menu.map(async ([name, rupees, description]) => ({
            id: newId(),
            restaurantId: id,
            name,
            pricePaisa: rupeesToPaisa(rupees),
            description,
            photoUrl: await photoUrl(name, 'menu-photo'),
          })),
        ),
      );
    };

    await addRestaurant(
      {
        campusId: lahore,
        name: 'Chai Dhaba',
        location: 'Near Hostel 2',
        cuisine: 'Pakistani',
        is24x7: true,
      },
      [
        ['Doodh Patti', 80, 'Strong milk tea brewed the dhaba way'],
        ['Aloo Paratha', 150, 'Flaky paratha stuffed with spiced potatoes'],
        ['Anda Shami Burger', 220, 'Shami kebab, fried egg and chutney in a bun'],
        ['Samosa (2 pcs)', 60, 'Crisp pastry with spiced potato filling'],
        ['Bun Kebab', 160, 'Spiced lentil patty, egg and onions in a toasted bun'],
      ],
    );
    await addRestaurant(
      {
        campusId: lahore,
        name: 'Slice Corner',
        location: 'Sports Complex',
        cuisine: 'Pizza',
        is24x7: true,
      },
      [
        ['Margherita Slice', 250, 'Tomato, mozzarella and basil'],
        ['Fajita Slice', 300, 'Chicken fajita with peppers and onions'],
      ],
    );
    await addRestaurant(
      {
        campusId: lahore,
        name: 'Midnight Grill',
        location: 'Food Street',
        cuisine: 'BBQ',
        is24x7: false,
        openTime: '6:00 PM',
        closeTime: '2:00 AM',
      },
      [
        ['Chicken Tikka', 450, 'Charcoal-grilled leg piece with raita'],
        ['Seekh Kebab (4 pcs)', 520, 'Minced beef kebabs off the skewer'],
        ['Garlic Naan', 90, 'Tandoor naan brushed with garlic butter'],
      ],
    );
    await addRestaurant(
      {
        campusId: lahore,
        name: 'Sunrise Bakery',
        location: 'Admin Block',
        cuisine: 'Bakery',
        is24x7: false,
        ...closedWindow(now),
      },
      [
        ['Chicken Patties', 120, 'Puff pastry with creamy chicken filling'],
        ['Chocolate Muffin', 180, 'Baked every morning'],
      ],
    );
    await addRestaurant(
      {
        campusId: islamabad,
        name: 'Margalla Cafe',
        location: 'Library Lawn',
        cuisine: 'Cafe',
        is24x7: true,
      },
      [
        ['Club Sandwich', 480, 'Triple-decker with fries'],
        ['Cold Coffee', 350, 'Blended with ice cream'],
      ],
    );
    await addRestaurant(
      {
        campusId: riversideMain,
        name: 'Karachi Biryani House',
        location: 'Gate 3',
        cuisine: 'Pakistani',
        is24x7: true,
      },
      [
        ['Chicken Biryani', 380, 'Sindhi style, with raita and salad'],
        ['Haleem', 300, 'Slow-cooked with fried onions and lemon'],
      ],
    );

    const martSeed: Array<Omit<typeof martItems.$inferInsert, 'id' | 'photoUrl'>> = [
      {
        campusId: lahore,
        name: 'Mineral Water 1.5L',
        pricePaisa: 12_000,
        description: 'Chilled bottle',
        category: 'Drinks',
        stock: 48,
      },
      {
        campusId: lahore,
        name: 'A4 Notebook',
        pricePaisa: 25_000,
        description: '200 ruled pages',
        category: 'Stationery',
        stock: 3,
      },
      {
        campusId: lahore,
        name: 'Salted Crisps',
        pricePaisa: 10_000,
        description: 'Family pack',
        category: 'Snacks',
        stock: 0,
      },
      {
        campusId: islamabad,
        name: 'Energy Drink',
        pricePaisa: 35_000,
        description: '250 ml can',
        category: 'Drinks',
        stock: 24,
      },
      {
        campusId: riversideMain,
        name: 'Ballpoint Pens (5)',
        pricePaisa: 15_000,
        description: 'Blue ink',
        category: 'Stationery',
        stock: 30,
      },
    ];
    await tx.insert(martItems).values(
      await Promise.all(
        martSeed.map(async (item) => ({
          ...item,
          id: newId(),
          photoUrl: await photoUrl(item.name, 'mart-photo'),
        })),
      ),
    );

    if (photoUploads.length > 0) await tx.insert(uploads).values(photoUploads);

    const profile = (account: DemoAccount, firstName: string, lastName: string) => ({
      id: newId(),
      email: account.email,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      role: account.role,
      emailVerified: true,
      ...(account.role === 'superAdmin'
        ? {}
        : {
            universityId: northfield,
            campusId: lahore,
            universityName: 'Northfield University',
            campusName: 'Lahore Campus',
          }),
    });
    const [superAdmin, campusAdmin, student] = demoAccounts as [
      DemoAccount,
      DemoAccount,
      DemoAccount,
    ];
    const people = [
      profile(superAdmin, 'Sana', 'Admin'),
      profile(campusAdmin, 'Bilal', 'Manager'),
      profile(student, 'Ayesha', 'Student'),
    ];
    await tx.insert(users).values(people);
    // better-auth's credential rows: e-mail and password sign-in, verified already.
    await tx.insert(accounts).values(
      people.map((person, index) => ({
        id: newId(),
        accountId: person.id,
        providerId: 'credential',
        userId: person.id,
        password: hashes[index] as string,
      })),
    );

    await tx
      .insert(auditLog)
      .values({ action: 'seed', entity: 'demo-data', details: { at: now.toISOString() } });
    return { seeded: true };
  });
}
