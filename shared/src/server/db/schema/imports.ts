import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * What the Firebase importer (api/src/firebase-import) made of each Firestore document: the
 * document's path, the kind of row and that row's id here. A second run finds its rows through it,
 * so it updates them instead of adding copies, and reports the documents that disappeared.
 * A rehosted photo remembers the address it came from, so an unchanged photo is not copied again.
 */
export const firebaseImports = pgTable('firebase_imports', {
  sourcePath: text('source_path').primaryKey(),
  kind: text('kind', {
    enum: ['university', 'campus', 'restaurant', 'menu-item', 'mart-item', 'domain', 'person'],
  }).notNull(),
  targetId: text('target_id').notNull(),
  photoSourceUrl: text('photo_source_url'),
  photoUrl: text('photo_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
