import { AppError } from '@campus/shared/domain/app-error';
import { ownBackendErrorMessage } from '@campus/shared/domain/backend-failure';
import {
  CATALOGUE_FILE_HEADER,
  CATALOGUE_IMPORT_MESSAGES,
  type TImportApplyResponse,
  type TImportChange,
  type TImportPreviewResponse,
  type TImportRowState,
} from '@campus/shared/domain/catalogue-import-api';
import { formatRs } from '@campus/shared/domain/money';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import {
  downloadLinks,
  previewImport,
  type TImportTarget,
  useApplyImport,
} from '../../api/catalogue-import';

const STATE_LABEL: Record<TImportRowState, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  invalid: 'Invalid',
};

const STATE_STYLE: Record<TImportRowState, string> = {
  new: 'bg-green-100 text-green-900',
  changed: 'bg-blue-100 text-blue-900',
  unchanged: 'bg-gray-100 text-gray-800',
  invalid: 'bg-red-100 text-red-900',
};

const FIELD_LABEL: Record<TImportChange['field'], string> = {
  name: 'Name',
  price: 'Price',
  description: 'Description',
  category: 'Category',
  stock: 'Stock',
};

function shown(field: TImportChange['field'], value: string | number | null): string {
  if (value === null) return '—';
  if (field === 'price' && typeof value === 'number') return formatRs(value);
  return value === '' ? '(empty)' : String(value);
}

/** A change as one line: 'Price: Rs 300.00 → Rs 320.50' ('Price: Rs 150.00' for a new item). */
function changeText(change: TImportChange): string {
  const to = shown(change.field, change.to);
  const label = FIELD_LABEL[change.field];
  return change.from === null
    ? `${label}: ${to}`
    : `${label}: ${shown(change.field, change.from)} → ${to}`;
}

/** The message of a failed call: the api's own when it gave one. */
const messageOf = (error: unknown) =>
  error instanceof AppError ? error.userMessage : ownBackendErrorMessage(error);

function PreviewTable({ preview }: { preview: TImportPreviewResponse }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">What the import does, row by row</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="px-2 py-1">
              Row
            </th>
            <th scope="col" className="px-2 py-1">
              Name
            </th>
            <th scope="col" className="px-2 py-1">
              What changes
            </th>
            <th scope="col" className="px-2 py-1">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row} className="border-b border-gray-200 align-top">
              <td className="px-2 py-1">{row.row}</td>
              <td className="px-2 py-1 break-words">{row.name || '(no name)'}</td>
              <td className="px-2 py-1 break-words">
                {row.changes.length === 0 ? (
                  '—'
                ) : (
                  <ul>
                    {row.changes.map((change) => (
                      <li key={change.field}>{changeText(change)}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="px-2 py-1">
                <span className={`rounded px-2 py-0.5 font-medium ${STATE_STYLE[row.state]}`}>
                  {STATE_LABEL[row.state]}
                </span>
                {row.reason && <p className="mt-1 text-red-800">{row.reason}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 'Import from a spreadsheet' (docs/product.md §10): the template and export downloads, a file to
 * preview, the preview row by row, and Apply, which the server runs all or nothing. Invalid rows
 * block Apply; the api's refusals (a bad file, a menu changed since the preview) show as they come.
 */
export function CatalogueImportPanel({ target }: { target: TImportTarget }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after Discard or Apply.
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<TImportPreviewResponse | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<TImportApplyResponse | null>(null);
  const apply = useApplyImport(target);
  const links = downloadLinks(target);
  const what = target.kind === 'menu' ? 'menu' : 'mart';
  const invalid = preview?.counts.invalid ?? 0;
  const nothingToDo = preview !== null && preview.counts.new + preview.counts.changed === 0;

  async function runPreview(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setApplied(null);
    setError(null);
    if (!chosen) return;
    setPreviewing(true);
    try {
      setPreview(await previewImport(target, chosen));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPreviewing(false);
    }
  }

  async function runApply() {
    if (!file || !preview) return;
    setError(null);
    try {
      setApplied(await apply.mutateAsync({ file, token: preview.token }));
      setPreview(null);
      setFile(null);
      setInputKey((key) => key + 1);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <details className="rounded border border-gray-300 bg-white p-3">
      <summary className="cursor-pointer font-medium">Import from a spreadsheet</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-gray-700">
          Columns: {CATALOGUE_FILE_HEADER[target.kind].join(', ')} (prices in rupees, like 12.50).
          Items are matched by name; photos stay as they are.
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <li>
            <a className="text-orange-800 underline" href={links.templateXlsx} download>
              Template (.xlsx)
            </a>
          </li>
          <li>
            <a className="text-orange-800 underline" href={links.templateCsv} download>
              Template (.csv)
            </a>
          </li>
          <li>
            <a className="text-orange-800 underline" href={links.exportXlsx} download>
              Export the {what} (.xlsx)
            </a>
          </li>
          <li>
            <a className="text-orange-800 underline" href={links.exportCsv} download>
              Export the {what} (.csv)
            </a>
          </li>
        </ul>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium">
            Spreadsheet file (.xlsx or .csv, up to 2 MB)
          </label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            className="mt-1 block w-full text-sm"
            onChange={(event) => void runPreview(event.target.files?.[0] ?? null)}
          />
        </div>
        {previewing && <p role="status">Reading the file…</p>}
        {error && <Alert>{error}</Alert>}
        {applied && (
          <p
            role="status"
            className="rounded border border-green-300 bg-green-50 px-3 py-2 text-green-900"
          >
            Imported: {applied.created} new, {applied.updated} changed, {applied.unchanged}{' '}
            unchanged.
          </p>
        )}
        {preview && (
          <div className="space-y-2">
            <p role="status">
              {preview.counts.new} new, {preview.counts.changed} changed, {preview.counts.unchanged}{' '}
              unchanged, {preview.counts.invalid} invalid.{' '}
              {preview.leftAlone > 0 && CATALOGUE_IMPORT_MESSAGES.leftAlone(preview.leftAlone)}
            </p>
            <PreviewTable preview={preview} />
            {invalid > 0 && (
              <Alert>
                {CATALOGUE_IMPORT_MESSAGES.invalidRows(
                  preview.rows.filter((row) => row.state === 'invalid').map((row) => row.row),
                )}
              </Alert>
            )}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={primaryButton}
                disabled={invalid > 0 || nothingToDo || apply.isPending}
                onClick={() => void runApply()}
              >
                {apply.isPending ? 'Applying…' : 'Apply'}
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  setInputKey((key) => key + 1);
                  void runPreview(null);
                }}
              >
                Discard
              </button>
            </div>
          </div>
        )}
      </div>
    </details>
  );
}
