import { createMenuItemSchema, ZMartItemForm } from '@campus/shared/domain/admin-forms';
import type { TCatalogueKind, TImportChange } from '@campus/shared/domain/catalogue-import-api';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import { martItems, menuItems } from '@campus/shared/server/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEntry } from '../admin/audit';

// What differs between a menu and a mart for the import: the scope, the form that checks a row,
// the fields it sets, the table it writes, the cache it refreshes.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;

/** The menu of a restaurant, or the mart of a campus, that a file is about (access checked). */
export type ImportScope =
  | { kind: 'menu'; universityId: string; campusId: string; restaurantId: string }
  | { kind: 'mart'; universityId: string; campusId: string };

/** The fields of an item the file sets (prices in paisa); photos are never in the file. */
export type ItemValues = {
  name: string;
  price: number;
  description: string;
  category?: string;
  stock?: number;
  /** The stock the file was made with (its 'Stock when exported'); null: Stock sets the stock. */
  stockWas?: number | null;
};

/** An item of the menu (or mart) now. */
export type ExistingItem = ItemValues & { id: string };

type Field = TImportChange['field'];

const FIELD_OF_COLUMN: Record<string, Field> = {
  name: 'name',
  price: 'price',
  description: 'description',
  category: 'category',
  stock: 'stock',
};

/** The form field a header column fills. */
export const fieldOfColumn = (column: string): Field | undefined =>
  FIELD_OF_COLUMN[column.toLowerCase()];

export interface KindRules {
  kind: TCatalogueKind;
  entity: AuditEntry['entity'];
  /** The fields a row sets, in the file's order; a row changes an item when one of them differs. */
  fields: readonly Field[];
  /** The form values of a row checked with the admin form's schema: the item, or the first message. */
  check(
    scope: ImportScope,
    values: Partial<Record<Field, string | number>> & { stockWas?: string | number },
  ): ItemValues | string;
  /** The items now; `lock` holds them (and the restaurant or campus) until the transaction ends. */
  load(db: Reader, scope: ImportScope, lock: boolean): Promise<ExistingItem[]>;
  insert(tx: Tx, scope: ImportScope, items: (ItemValues & { id: string })[]): Promise<void>;
  update(tx: Tx, id: string, item: ItemValues): Promise<void>;
  invalidate(catalogue: CatalogueCache, scope: ImportScope): Promise<void>;
}

function firstMessage<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | string {
  const result = schema.safeParse(values);
  return result.success ? result.data : (result.error.issues[0]?.message ?? 'Invalid row.');
}

const restaurantOf = (scope: ImportScope) => (scope.kind === 'menu' ? scope.restaurantId : '');

const MENU_FORM = createMenuItemSchema('superAdmin');

/**
 * Two imports of one menu (or mart) run one after the other. An advisory lock, not a lock on the
 * restaurant or campus row: checkout locks items first and that row after (its order's key), so
 * an import locking the row first would deadlock with it. The items themselves are locked next,
 * in id order, as checkout locks them.
 */
async function oneImportAtATime(tx: Db, parentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-import:${parentId}`}))`);
}

const menu: KindRules = {
  kind: 'menu',
  entity: 'menu-item',
  fields: ['name', 'price', 'description'],
  check(scope, values) {
    const form = firstMessage(MENU_FORM, {
      id: '',
      universityId: scope.universityId,
      campusId: scope.campusId,
      restaurantId: restaurantOf(scope),
      photoURL: '',
      ...values,
    });
    if (typeof form === 'string') return form;
    return { name: form.name, price: form.price, description: form.description };
  },
  async load(db, scope, lock) {
    const restaurantId = restaurantOf(scope);
    if (lock) await oneImportAtATime(db, restaurantId);
    const query = db
      .select({
        id: menuItems.id,
        name: menuItems.name,
        price: menuItems.pricePaisa,
        description: menuItems.description,
      })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
      .orderBy(menuItems.id);
    return lock ? await query.for('update') : await query;
  },
  async insert(tx, scope, items) {
    if (items.length === 0) return;
    await tx.insert(menuItems).values(
      items.map((item) => ({
        id: item.id,
        restaurantId: restaurantOf(scope),
        name: item.name,
        pricePaisa: item.price,
        description: item.description,
      })),
    );
  },
  async update(tx, id, item) {
    await tx
      .update(menuItems)
      .set({ name: item.name, pricePaisa: item.price, description: item.description })
      .where(eq(menuItems.id, id));
  },
  invalidate: (catalogue, scope) => catalogue.invalidateCampus(scope.campusId),
};

const mart: KindRules = {
  kind: 'mart',
  entity: 'mart-item',
  fields: ['name', 'price', 'category', 'stock', 'description'],
  check(scope, values) {
    const form = firstMessage(ZMartItemForm, {
      id: '',
      universityId: scope.universityId,
      campusId: scope.campusId,
      photoURL: '',
      ...values,
      stockWas: values.stockWas ?? '',
    });
    if (typeof form === 'string') return form;
    const { name, price, description, category, stock, stockWas } = form;
    return { name, price, description, category, stock, stockWas };
  },
  async load(db, scope, lock) {
    if (lock) await oneImportAtATime(db, scope.campusId);
    const query = db
      .select({
        id: martItems.id,
        name: martItems.name,
        price: martItems.pricePaisa,
        description: martItems.description,
        category: martItems.category,
        stock: martItems.stock,
      })
      .from(martItems)
      .where(eq(martItems.campusId, scope.campusId))
      .orderBy(martItems.id);
    return lock ? await query.for('update') : await query;
  },
  async insert(tx, scope, items) {
    if (items.length === 0) return;
    await tx.insert(martItems).values(
      items.map((item) => ({
        id: item.id,
        campusId: scope.campusId,
        name: item.name,
        pricePaisa: item.price,
        description: item.description,
        category: item.category ?? '',
        stock: item.stock ?? 0,
      })),
    );
  },
  async update(tx, id, item) {
    await tx
      .update(martItems)
      .set({
        name: item.name,
        pricePaisa: item.price,
        description: item.description,
        category: item.category ?? '',
        stock: item.stock ?? 0,
      })
      .where(eq(martItems.id, id));
  },
  invalidate: (catalogue, scope) => catalogue.invalidateMartItems(scope.campusId),
};

/** The rules of a scope's kind. */
export const rulesOf = (scope: ImportScope): KindRules => (scope.kind === 'menu' ? menu : mart);
