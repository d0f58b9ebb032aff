import { describe, expect, it } from 'vitest';
import { publicConfigRoutes } from './public-config';

describe('GET /api/public-config', () => {
  it('gives the chat number the server is configured with', async () => {
    const response = await publicConfigRoutes({ whatsappNumber: '923001234567' }).request(
      '/api/public-config',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, whatsappNumber: '923001234567' });
  });

  it('says null when no number is configured, so the page hides the chat link', async () => {
    const response = await publicConfigRoutes({ whatsappNumber: null }).request(
      '/api/public-config',
    );
    expect(await response.json()).toEqual({ ok: true, whatsappNumber: null });
  });
});
