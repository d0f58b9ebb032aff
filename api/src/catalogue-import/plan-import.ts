import { createHash } from 'node:crypto';
import {
  CATALOGUE_FILE_HEADER,
  CATALOGUE_IMPORT_MESSAGES as M,
  STOCK_WHEN_EXPORTED,
  type TImportChange,
  type TImportPreviewResponse,
  type TImportRow,
} from '@campus/shared/domain/catalogue-import-api';
import { trimText } from '@campus/shared/domain/text';
import { invalidArgument } from '../http/errors';
import type { ReadSheet } from '../spreadsheets/read-sheet';
import {
  type ExistingItem,
  fieldOfColumn,
  type ImportScope,
  type ItemValues,
  type KindRules,
} from './catalogue-kinds';

/** What applying a file does: the preview the person saw, and the writes it stands for. */
export type ImportPlan = {
  preview: Omit<TImportPreviewResponse, 'ok'>;
  creates: ItemValues[];
  updates: { id: string; item: ItemValues }[];
};

// A name is shown at most this long in the preview (a 100 KB cell is refused, not echoed).
const SHOWN_NAME = 100;

/** How the import matches a row to an item: its name, trimmed, in lower case. */
export const matchKey = (name: string) => trimText(name).toLowerCase();

function shownName(cell: unknown): string {
  const text = typeof cell === 'string' || typeof cell === 'number' ? String(cell).trim() : '';
  return text.length > SHOWN_NAME ? `${text.slice(0, SHOWN_NAME)}…` : text;
}

/** The columns of the file by field, or a 400 naming the header columns it lacks. */
function columnsOf(rules: KindRules, header: readonly string[]) {
  const columns = new Map<TImportChange['field'], number>();
  header.forEach((cell, index) => {
    const field = fieldOfColumn(cell);
    if (field && rules.fields.includes(field) && !columns.has(field)) columns.set(field, index);
  });
  const missing = CATALOGUE_FILE_HEADER[rules.kind].filter(
    (column) => !columns.has(fieldOfColumn(column) ?? 'name'),
  );
  if (missing.length > 0) {
    throw invalidArgument(M.missingHeader(rules.kind, missing), {
      logMessage: `catalogue file header: ${header.slice(0, 10).join('|')}`,
    });
  }
  return columns;
}

function changesOf(rules: KindRules, item: ItemValues, before: ExistingItem | null) {
  const changes: TImportChange[] = [];
  for (const field of rules.fields) {
    const to = item[field];
    const from = before ? before[field] : null;
    if (to !== undefined && to !== from) changes.push({ field, from: from ?? null, to });
  }
  return changes;
}

/**
 * Compares a file with the items now: each row is new (no item of its name), changed, unchanged,
 * or invalid (the admin form's message, a duplicate name, a formula); items the file does not
 * name are left alone. The token fingerprints all of it, so an apply can tell whether the same
 * file would still do the same.
 */
export function planImport(
  rules: KindRules,
  scope: ImportScope,
  sheet: ReadSheet,
  existing: readonly ExistingItem[],
): ImportPlan {
  const columns = columnsOf(rules, sheet.header);
  const stockWasColumn =
    rules.kind === 'mart'
      ? sheet.header.findIndex((cell) => matchKey(String(cell)) === matchKey(STOCK_WHEN_EXPORTED))
      : -1;
  if (sheet.rows.length === 0) throw invalidArgument(M.noRows);
  const byName = new Map<string, ExistingItem[]>();
  for (const item of existing) {
    const key = matchKey(item.name);
    byName.set(key, [...(byName.get(key) ?? []), item]);
  }
  const firstRowOf = new Map<string, number>();
  const named = new Set<string>();
  const rows: TImportRow[] = [];
  const matched: (string | null)[] = [];
  const plan: ImportPlan = { preview: {} as ImportPlan['preview'], creates: [], updates: [] };

  for (const { row, cells } of sheet.rows) {
    const nameCell = cells[columns.get('name') ?? 0];
    const base = { row, name: shownName(nameCell), changes: [] as TImportChange[] };
    const invalid = (reason: string) => {
      // An item the row names stays as it is, like any other: it is not "left out" of the file.
      const same = byName.get(matchKey(base.name)) ?? [];
      if (same.length === 1 && same[0]) named.add(same[0].id);
      rows.push({ ...base, state: 'invalid', reason });
      matched.push(null);
    };
    const values: Parameters<KindRules['check']>[1] = {};
    let formula = false;
    for (const [field, index] of columns) {
      const cell = cells[index] ?? '';
      if (typeof cell === 'object') formula = true;
      // Text fields take numbers as their text ('7UP', 2024); price and stock keep numbers.
      else values[field] = field === 'price' || field === 'stock' ? cell : String(cell);
    }
    const stockWas = stockWasColumn === -1 ? '' : (cells[stockWasColumn] ?? '');
    if (typeof stockWas === 'object') formula = true;
    else values.stockWas = stockWas;
    if (formula) {
      invalid(M.formula);
      continue;
    }
    const item = rules.check(scope, values);
    if (typeof item === 'string') {
      invalid(item);
      continue;
    }
    const key = matchKey(item.name);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      invalid(M.duplicateName(first));
      continue;
    }
    firstRowOf.set(key, row);
    const candidates = byName.get(key) ?? [];
    if (candidates.length > 1) {
      invalid(M.ambiguousName(rules.kind));
      continue;
    }
    const before = candidates[0] ?? null;
    if (before) named.add(before.id);
    // Stock as exported: what orders did to it since stands (the mart form's rule).
    if (before && item.stockWas != null && item.stock === item.stockWas) item.stock = before.stock;
    const changes = changesOf(rules, item, before);
    const state = !before ? 'new' : changes.length > 0 ? 'changed' : 'unchanged';
    rows.push({ ...base, name: item.name, state, changes, reason: null });
    matched.push(before?.id ?? null);
    if (!before) plan.creates.push(item);
    else if (changes.length > 0) plan.updates.push({ id: before.id, item });
  }

  const count = (state: TImportRow['state']) => rows.filter((r) => r.state === state).length;
  const leftAlone = existing.filter((item) => !named.has(item.id));
  const token = createHash('sha256')
    .update(
      JSON.stringify({
        scope,
        rows: rows.map((r, i) => [r.row, r.state, r.changes, r.reason, matched[i]]),
        leftAlone: leftAlone.map((item) => item.id),
      }),
    )
    .digest('base64url');
  plan.preview = {
    kind: rules.kind,
    rows,
    counts: {
      new: count('new'),
      changed: count('changed'),
      unchanged: count('unchanged'),
      invalid: count('invalid'),
    },
    leftAlone: leftAlone.length,
    token,
  };
  return plan;
}
