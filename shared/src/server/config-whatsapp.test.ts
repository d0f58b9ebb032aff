import { describe, expect, it } from 'vitest';
import { whatsAppChatUrl } from '../domain/public-config';
import { ConfigError, parseConfig } from './config';

describe('WHATSAPP_NUMBER', () => {
  it('is optional, and empty means unset', () => {
    expect(parseConfig({}).WHATSAPP_NUMBER).toBeUndefined();
    expect(parseConfig({ WHATSAPP_NUMBER: '' }).WHATSAPP_NUMBER).toBeUndefined();
  });

  it('takes digits in international format and makes the wa.me link', () => {
    const number = parseConfig({ WHATSAPP_NUMBER: ' 923001234567 ' }).WHATSAPP_NUMBER;
    expect(number).toBe('923001234567');
    expect(whatsAppChatUrl(number ?? '')).toBe('https://wa.me/923001234567');
  });

  it.each(['+923001234567', '03001234567', '92-300-1234567', '92300'])('refuses %s', (value) => {
    expect(() => parseConfig({ WHATSAPP_NUMBER: value })).toThrow(ConfigError);
  });
});
