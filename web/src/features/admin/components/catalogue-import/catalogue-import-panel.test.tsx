import {
  CATALOGUE_IMPORT_MESSAGES,
  type TImportPreviewResponse,
} from '@campus/shared/domain/catalogue-import-api';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAnswered } from '@/test/answered-fetch';
import { CatalogueImportPanel } from './catalogue-import-panel';

// The 'Import from a spreadsheet' panel of a restaurant's menu (docs/product.md §10), against a
// stubbed api: the preview table row by row, Apply blocked by invalid rows, its refusals shown.

const PREVIEW: TImportPreviewResponse = {
  ok: true,
  kind: 'menu',
  rows: [
    {
      row: 2,
      name: 'Biryani',
      state: 'changed',
      changes: [{ field: 'price', from: 30_000, to: 32_050 }],
      reason: null,
    },
    { row: 3, name: 'Naan', state: 'unchanged', changes: [], reason: null },
    {
      row: 4,
      name: 'Lassi',
      state: 'new',
      changes: [{ field: 'price', from: null, to: 15_000 }],
      reason: null,
    },
    {
      row: 5,
      name: '<b>Raita</b>',
      state: 'invalid',
      changes: [],
      reason: 'Please enter a price.',
    },
  ],
  counts: { new: 1, changed: 1, unchanged: 1, invalid: 1 },
  leftAlone: 2,
  token: 'token-1',
};

const openPanel = (answers: Response[]) =>
  renderAnswered(
    <CatalogueImportPanel target={{ kind: 'menu', restaurantId: 'rest-1' }} />,
    answers,
  );

const aFile = () => new File(['Name,Price,Description\n'], 'menu.csv', { type: 'text/csv' });

async function choose(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByText('Import from a spreadsheet'));
  await user.upload(screen.getByLabelText(/Spreadsheet file/), aFile());
}

describe('the catalogue import panel', () => {
  it('links the templates and the export of the restaurant', async () => {
    openPanel([]);
    expect(
      screen.getByRole('link', { name: 'Export the menu (.xlsx)', hidden: true }),
    ).toHaveProperty(
      'href',
      expect.stringContaining('/api/admin/menu-items/export.xlsx?restaurantId=rest-1'),
    );
    expect(screen.getByRole('link', { name: 'Template (.csv)', hidden: true })).toHaveProperty(
      'href',
      expect.stringContaining('/api/admin/menu-items/template.csv'),
    );
  });

  it('shows each row with what changes and its state, and blocks Apply while a row is invalid', async () => {
    const { user, fetchMock } = openPanel([json(PREVIEW)]);
    await choose(user);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'Biryani', 'Price: Rs 300.00 → Rs 320.50', 'Changed'],
      ['3', 'Naan', '—', 'Unchanged'],
      ['4', 'Lassi', 'Price: Rs 150.00', 'New'],
      ['5', '<b>Raita</b>', '—', 'InvalidPlease enter a price.'],
    ]);
    expect(screen.getByText(/1 new, 1 changed, 1 unchanged, 1 invalid/)).toHaveProperty(
      'textContent',
      expect.stringContaining(CATALOGUE_IMPORT_MESSAGES.leftAlone(2)),
    );
    expect(screen.getByRole('alert').textContent).toBe(CATALOGUE_IMPORT_MESSAGES.invalidRows([5]));
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/menu-items/import/preview?restaurantId=rest-1');
    expect((init?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });

  it('applies a valid preview with its token and says how many items changed', async () => {
    const valid = {
      ...PREVIEW,
      rows: PREVIEW.rows.slice(0, 3),
      counts: { ...PREVIEW.counts, invalid: 0 },
    };
    const { user, fetchMock } = openPanel([
      json(valid),
      json({ ok: true, created: 1, updated: 1, unchanged: 1 }),
    ]);
    await choose(user);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Imported: 1 new, 1 changed, 1 unchanged.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/admin/menu-items/import/apply?restaurantId=rest-1');
    expect((init?.body as FormData | undefined)?.get('token')).toBe('token-1');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the api's refusal of a file, and of an apply after the menu changed", async () => {
    const refusal = (status: number, message: string) =>
      json({ error: { code: 'x', message } }, status);
    const { user } = openPanel([
      refusal(400, CATALOGUE_IMPORT_MESSAGES.notSpreadsheet),
      json({
        ...PREVIEW,
        rows: PREVIEW.rows.slice(0, 1),
        counts: { ...PREVIEW.counts, invalid: 0 },
      }),
      refusal(409, CATALOGUE_IMPORT_MESSAGES.changedSincePreview('menu')),
    ]);
    await choose(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      CATALOGUE_IMPORT_MESSAGES.notSpreadsheet,
    );
    await user.upload(screen.getByLabelText(/Spreadsheet file/), aFile());
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The menu changed since the preview; preview again.',
    );
  });
});
