import {
  CATALOGUE_IMPORT_MESSAGES as M,
  type TImportApplyResponse,
} from '@campus/shared/domain/catalogue-import-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { newId } from '@campus/shared/server/db/ids';
import { audit } from '../admin/audit';
import type { AdminDeps } from '../admin/deps';
import { failedPrecondition, invalidArgument } from '../http/errors';
import { type ImportScope, rulesOf } from './catalogue-kinds';
import { planImport } from './plan-import';
import { readCatalogueFile } from './read-catalogue-file';

/**
 * Applies a file to a menu or mart, all or nothing: inside one transaction that holds the items
 * (and new items of the restaurant or campus) the file is previewed again, and applied only when
 * that preview is the one the person saw (its token) and has no invalid row. Each created or
 * changed item gets its audit row; the storefront shows the result at once.
 */
export async function applyCatalogueImport(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  scope: ImportScope,
  file: Uint8Array,
  token: string,
): Promise<Omit<TImportApplyResponse, 'ok'>> {
  if (token === '') throw invalidArgument(M.tokenRequired);
  const sheet = await readCatalogueFile(file);
  const rules = rulesOf(scope);
  const answer = await deps.db.transaction(async (tx) => {
    const plan = planImport(rules, scope, sheet, await rules.load(tx, scope, true));
    const { preview } = plan;
    if (preview.token !== token) throw failedPrecondition(M.changedSincePreview(scope.kind));
    const invalid = preview.rows.filter((row) => row.state === 'invalid').map((row) => row.row);
    if (invalid.length > 0) throw invalidArgument(M.invalidRows(invalid));
    const created = plan.creates.map((item) => ({ ...item, id: newId() }));
    await rules.insert(tx, scope, created);
    for (const { id, item } of plan.updates) await rules.update(tx, id, item);
    const where = scope.kind === 'menu' ? { restaurantId: scope.restaurantId } : {};
    for (const [action, rows] of [
      ['create', created],
      ['update', plan.updates.map(({ id, item }) => ({ ...item, id }))],
    ] as const) {
      for (const item of rows) {
        await audit(tx, actor, {
          action,
          entity: rules.entity,
          entityId: item.id,
          details: {
            name: item.name,
            price: item.price,
            stock: item.stock,
            via: 'import',
            ...where,
          },
        });
      }
    }
    return {
      created: created.length,
      updated: plan.updates.length,
      unchanged: preview.counts.unchanged,
    };
  });
  if (answer.created + answer.updated > 0) await rules.invalidate(deps.catalogue, scope);
  return answer;
}
