import type { TImportPreviewResponse } from '@campus/shared/domain/catalogue-import-api';
import type { AdminDeps } from '../admin/deps';
import { type ImportScope, rulesOf } from './catalogue-kinds';
import { planImport } from './plan-import';
import { readCatalogueFile } from './read-catalogue-file';

/** What importing a file would do to a menu or mart; nothing is written. */
export async function previewCatalogueImport(
  deps: Pick<AdminDeps, 'db'>,
  scope: ImportScope,
  file: Uint8Array,
): Promise<Omit<TImportPreviewResponse, 'ok'>> {
  const sheet = await readCatalogueFile(file);
  const rules = rulesOf(scope);
  const existing = await rules.load(deps.db, scope, false);
  return planImport(rules, scope, sheet, existing).preview;
}
