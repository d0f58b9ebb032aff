import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  allowedDomains,
  campuses,
  firebaseImports,
  martItems,
  menuItems,
  restaurants,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { eq, inArray } from 'drizzle-orm';

export type Kind = (typeof firebaseImports.$inferSelect)['kind'];
type Mapping = typeof firebaseImports.$inferSelect;

const TABLES = {
  university: universities,
  campus: campuses,
  restaurant: restaurants,
  'menu-item': menuItems,
  'mart-item': martItems,
  domain: allowedDomains,
  person: users,
} as const;

// Every table above has a text id; one of them stands for all in the generic code below.
type AnyTable = typeof universities;

function same(stored: unknown, value: unknown): boolean {
  if (stored instanceof Date && value instanceof Date) return stored.getTime() === value.getTime();
  return (stored ?? null) === (value ?? null);
}

/**
 * The rows earlier runs made, by Firestore document path (the `firebase_imports` table), and the
 * paths this run has seen: what it adds, updates or leaves, and what disappeared from Firebase.
 */
export class ImportedRows {
  private readonly seen = new Set<string>();

  private constructor(private mappings: Map<string, Mapping>) {}

  /**
   * Runs a transaction's work; if it throws (a failure, or a dry run rolling back), what the work
   * recorded is forgotten again, as the database forgot it.
   */
  async rollingBack<T>(work: () => Promise<T>): Promise<T> {
    const before = new Map(this.mappings);
    try {
      return await work();
    } catch (error) {
      this.mappings = before;
      throw error;
    }
  }

  static async load(db: Db): Promise<ImportedRows> {
    const rows = await db.select().from(firebaseImports);
    return new ImportedRows(new Map(rows.map((row) => [row.sourcePath, row])));
  }

  /** Our id of a document an earlier run (or this one) imported. */
  idOf(path: string): string | undefined {
    return this.mappings.get(path)?.targetId;
  }

  mapping(path: string): Mapping | undefined {
    return this.mappings.get(path);
  }

  /** Marks a document as present in Firebase this run, imported or not. */
  see(path: string): void {
    this.seen.add(path);
  }

  /** Paths imported before, under `prefix` or of a kind, that this run did not see. */
  unseen(filter: (mapping: Mapping) => boolean): Mapping[] {
    return [...this.mappings.values()].filter(
      (row) => !this.seen.has(row.sourcePath) && filter(row),
    );
  }

  /**
   * Writes a document's row: updates the row an earlier run made when a value differs, leaves it
   * when none does, or adds a row (again, if it was deleted here since).
   */
  async put(
    tx: Db,
    kind: Kind,
    path: string,
    values: Record<string, unknown>,
    onInsert: Record<string, unknown> = {},
  ): Promise<{ id: string; outcome: 'added' | 'updated' | 'unchanged' }> {
    this.see(path);
    const table = TABLES[kind] as unknown as AnyTable;
    const known = this.idOf(path);
    if (known) {
      const [row] = await tx.select().from(table).where(eq(table.id, known));
      if (row) {
        const stored = row as Record<string, unknown>;
        const changed = Object.entries(values).filter(([key, value]) => !same(stored[key], value));
        if (changed.length === 0) return { id: known, outcome: 'unchanged' };
        await tx.update(table).set(Object.fromEntries(changed)).where(eq(table.id, known));
        return { id: known, outcome: 'updated' };
      }
    }
    const id = newId();
    await tx.insert(table).values({ ...onInsert, ...values, id } as AnyTable['$inferInsert']);
    await this.remember(tx, { sourcePath: path, kind, targetId: id });
    return { id, outcome: 'added' };
  }

  /** Records (or moves) a document's row, and a rehosted photo's origin. */
  async remember(
    tx: Db,
    mapping: Pick<Mapping, 'sourcePath' | 'kind' | 'targetId'> &
      Partial<Pick<Mapping, 'photoSourceUrl' | 'photoUrl'>>,
  ): Promise<void> {
    const [row] = await tx
      .insert(firebaseImports)
      .values(mapping)
      .onConflictDoUpdate({ target: firebaseImports.sourcePath, set: mapping })
      .returning();
    if (row) this.mappings.set(row.sourcePath, row);
  }

  /** Deletes the rows of documents gone from Firebase, and what the import knew of them. */
  async remove(tx: Db, gone: readonly Mapping[]): Promise<void> {
    for (const mapping of gone) {
      const table = TABLES[mapping.kind] as unknown as AnyTable;
      await tx.delete(table).where(eq(table.id, mapping.targetId));
    }
    if (gone.length === 0) return;
    await tx.delete(firebaseImports).where(
      inArray(
        firebaseImports.sourcePath,
        gone.map((mapping) => mapping.sourcePath),
      ),
    );
    for (const mapping of gone) this.mappings.delete(mapping.sourcePath);
  }
}
