import { describe, expect, it } from 'vitest';
import { ConfigError, googleSheetsConfig, parseConfig } from './config';

describe('parseConfig', () => {
  it('gives every default on an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: 'data',
      QUEUE_PREFIX: 'campus',
    });
    expect(config.SEED_DEMO_DATA).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(parseConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    try {
      parseConfig({
        PORT: '70000',
        REDIS_URL: 'http://x',
        QUEUE_PREFIX: 'a:b',
        SEED_DEMO_DATA: 'yes',
      });
      expect.unreachable('parseConfig accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(problems.sort()).toEqual(['PORT', 'QUEUE_PREFIX', 'REDIS_URL', 'SEED_DEMO_DATA']);
    }
  });
});

describe('Google Sheets configuration', () => {
  const google = {
    GOOGLE_SHEETS_SPREADSHEET_ID: 'sheet-id',
    GOOGLE_SHEETS_CLIENT_EMAIL: 'bot@project.iam.gserviceaccount.com',
    GOOGLE_SHEETS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
  };

  it('is off when no key is set, and complete when all three are', () => {
    expect(googleSheetsConfig(parseConfig({}))).toBeNull();
    expect(googleSheetsConfig(parseConfig(google))).toEqual({
      spreadsheetId: 'sheet-id',
      clientEmail: 'bot@project.iam.gserviceaccount.com',
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
    });
  });

  it('names the missing keys when only some are set', () => {
    const attempt = () => parseConfig({ GOOGLE_SHEETS_SPREADSHEET_ID: 'sheet-id' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /GOOGLE_SHEETS_CLIENT_EMAIL: must be set with GOOGLE_SHEETS_SPREADSHEET_ID/,
    );
    expect(attempt).toThrow(/GOOGLE_SHEETS_PRIVATE_KEY: must be set/);
  });
});

describe('metrics configuration', () => {
  const token = 'a'.repeat(32);

  it('is off by default, and takes a long token and a worker port', () => {
    const defaults = parseConfig({ METRICS_TOKEN: '', WORKER_METRICS_PORT: '' });
    expect(defaults.METRICS_TOKEN).toBeUndefined();
    expect(defaults.WORKER_METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: token, WORKER_METRICS_PORT: '9464' })).toMatchObject({
      METRICS_TOKEN: token,
      WORKER_METRICS_PORT: 9464,
    });
  });

  it('refuses a short token, a bad port, and a worker port without a token', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32/,
    );
    expect(() => parseConfig({ METRICS_TOKEN: token, WORKER_METRICS_PORT: '70000' })).toThrow(
      /WORKER_METRICS_PORT: must be a port number/,
    );
    expect(() => parseConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(
      /WORKER_METRICS_PORT: needs METRICS_TOKEN/,
    );
  });
});
