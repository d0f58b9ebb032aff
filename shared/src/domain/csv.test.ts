import { describe, expect, it } from 'vitest';
import { csvField } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Ayesha')).toBe('Ayesha');
    expect(csvField(130)).toBe('130');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(1.5)).toBe('1.5');
    expect(csvField('')).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes fields with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvField('Room 12, Block B')).toBe('"Room 12, Block B"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('Cafe:\n- Tea x 2')).toBe('"Cafe:\n- Tea x 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test","x")')).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")"`,
    );
    expect(csvField('+92 300 1234567')).toBe("'+92 300 1234567");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('a=1')).toBe('a=1');
  });
});
