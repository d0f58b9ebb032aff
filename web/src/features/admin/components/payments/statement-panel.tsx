import {
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  STATEMENT_MESSAGES,
  type TStatementImportResponse,
  type TStatementMapping,
  type TStatementPreviewResponse,
} from '@campus/shared/domain/bank-statement';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { formatRs } from '@campus/shared/domain/money';
import { useId, useState } from 'react';
import { SelectField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import {
  previewStatement,
  type TStatementCampus,
  useImportStatement,
} from '../../api/bank-statement';

function PreviewRows({ preview }: { preview: TStatementPreviewResponse }) {
  return (
    <div className="relative max-h-80 overflow-auto">
      <table className="w-full min-w-[24rem] text-left text-sm">
        <caption className="sr-only">How the statement's rows read</caption>
        <thead>
          <tr className="border-b border-gray-300">
            {['Row', 'Date', 'Credit', 'Description', 'Read as'].map((title) => (
              <th key={title} scope="col" className="px-2 py-1">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map(({ row, credit, skipped }) => (
            <tr key={row} className="border-b border-gray-100 align-top">
              <td className="px-2 py-1">{row}</td>
              <td className="px-2 py-1">{credit ? [credit.on, credit.at].join(' ') : ''}</td>
              <td className="px-2 py-1">{credit ? formatRs(credit.amountPaisa) : ''}</td>
              <td className="px-2 py-1 break-words">{credit?.description}</td>
              <td className="px-2 py-1">
                {credit ? (
                  <span className="text-green-900">
                    Credit{credit.references.length > 0 && ` (${credit.references.join(', ')})`}
                  </span>
                ) : (
                  <span className="text-amber-900">Skipped: {skipped}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 'Match the bank statement' (decision 023): the receiving account's statement as the bank or
 * wallet app exports it; the columns that hold the date, the credit, the note and the transaction
 * id (the campus's last choice, or a guess, until changed), the first rows as they read, and the
 * import, which keeps the credits once and matches them to orders.
 */
export function StatementPanel({ campus }: { campus: TStatementCampus }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<TStatementPreviewResponse | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState<TStatementImportResponse | null>(null);
  const importing = useImportStatement(campus);

  async function read(chosen: File | null, mapping: TStatementMapping | null) {
    setFile(chosen);
    setImported(null);
    setError(null);
    if (!chosen) {
      setPreview(null);
      return;
    }
    setReading(true);
    try {
      setPreview(await previewStatement(campus, chosen, mapping));
    } catch (failure) {
      setPreview(null);
      setError(formatError(failure).message);
    } finally {
      setReading(false);
    }
  }

  async function runImport() {
    if (!file || !preview) return;
    setError(null);
    try {
      setImported(await importing.mutateAsync({ file, mapping: preview.mapping }));
      setPreview(null);
      setFile(null);
      setInputKey((key) => key + 1);
    } catch (failure) {
      setError(formatError(failure).message);
    }
  }

  const needed = preview && (preview.mapping.date === '' || preview.mapping.amount === '');
  const neededHint = needed && (
    <p role="alert" className="text-sm text-amber-900">
      {STATEMENT_MESSAGES.mappingRequired}
    </p>
  );
  return (
    <details className="rounded border border-gray-300 bg-white p-3">
      <summary className="cursor-pointer font-medium">Match the bank statement</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-gray-700">
          Export the receiving account's statement from the bank or wallet app (.xlsx or .csv). Each
          credit is matched to an order by its order number (CB-...) in the note, else by its exact
          amount on the day the order was placed. A period imported twice counts once.
        </p>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium">
            Statement file (.xlsx or .csv, up to 2 MB)
          </label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            className="mt-1 block w-full text-sm"
            onChange={(event) => void read(event.target.files?.[0] ?? null, null)}
          />
        </div>
        {reading && <p role="status">Reading the statement…</p>}
        {error && <Alert>{error}</Alert>}
        {imported && (
          <p
            role="status"
            className="rounded border border-green-300 bg-green-50 px-3 py-2 text-green-900"
          >
            {STATEMENT_MESSAGES.imported(imported)}
          </p>
        )}
        {preview && file && (
          <div className="space-y-3">
            <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <legend className="mb-1 text-sm font-medium">Which column holds what</legend>
              {STATEMENT_FIELDS.map((field) => (
                <SelectField
                  key={field}
                  label={STATEMENT_FIELD_LABELS[field]}
                  value={preview.mapping[field]}
                  onChange={(event) => {
                    const mapping = { ...preview.mapping, [field]: event.target.value };
                    // Without a date or a credit column nothing reads: ask for one first.
                    if (mapping.date === '' || mapping.amount === '') {
                      setPreview({ ...preview, mapping });
                    } else void read(file, mapping);
                  }}
                >
                  <option value="">(none)</option>
                  {preview.header
                    .filter((title) => title !== '')
                    .map((title) => (
                      <option key={title} value={title}>
                        {title}
                      </option>
                    ))}
                </SelectField>
              ))}
            </fieldset>
            {neededHint}
            <p role="status">{STATEMENT_MESSAGES.previewed(preview)}</p>
            <PreviewRows preview={preview} />
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={primaryButton}
                disabled={Boolean(needed) || preview.credits === 0 || importing.isPending}
                onClick={() => void runImport()}
              >
                {importing.isPending
                  ? 'Importing…'
                  : `Import ${preview.credits === 1 ? '1 credit' : `${preview.credits} credits`}`}
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  setInputKey((key) => key + 1);
                  void read(null, null);
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
