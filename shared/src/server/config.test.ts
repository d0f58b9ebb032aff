import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

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
