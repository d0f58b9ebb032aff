import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, toCsv, toXlsx } from './sheet-export';

describe('toCsv', () => {
  it('writes a BOM, the header and the rows with CRLF between records', () => {
    expect(
      toCsv({
        header: ['Name', 'Total'],
        rows: [
          ['Ali, Khan', 260],
          ['Sara', 130],
        ],
      }),
    ).toBe('\uFEFFName,Total\r\n"Ali, Khan",260\r\nSara,130\r\n');
  });
});

describe('toXlsx', () => {
  it('writes a bold, frozen header, numbers as numbers, wrapped long text', async () => {
    const cart = 'Cafe:\n- Tea x 2 = Rs 160.00\n\nMart:\n- Water x 1 = Rs 120.00';
    const file = await toXlsx({
      name: 'LUMS_Main',
      header: ['Name', 'Grand Total', 'Cart Items'],
      rows: [['=1+1', 410, cart]],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('LUMS_Main');
    if (!sheet) throw new Error('no worksheet');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).getCell(1).value).toBe('=1+1');
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(2).value).toBe(410);
    expect(sheet.getRow(2).getCell(3).alignment?.wrapText).toBe(true);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(8);
    expect(sheet.getColumn(3).width).toBeLessThanOrEqual(60);
  });

  it('names the worksheet within Excel rules', async () => {
    const file = await toXlsx({ name: 'a/b:c', header: ['x'], rows: [] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.name).toBe('a_b_c');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII filename and the exact name', () => {
    expect(attachmentDisposition('LUMS_Main', 'xlsx')).toBe(
      `attachment; filename="LUMS_Main.xlsx"; filename*=UTF-8''LUMS_Main.xlsx`,
    );
    expect(attachmentDisposition('جامعہ_Main', 'csv')).toBe(
      `attachment; filename="______Main.csv"; filename*=UTF-8''${encodeURIComponent('جامعہ_Main.csv')}`,
    );
  });
});
