import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchGuard, guardedDownload, isPublicAddress } from './guarded-fetch';

// A stand-in photo host on this machine: only a guard that allows it (http, 127.0.0.1) reaches it.
const STAND_IN: FetchGuard = { protocols: ['http:'], allows: (address) => address === '127.0.0.1' };
const limits = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/photo') return response.end(Buffer.alloc(1000, 1));
    if (path === '/hop') return response.writeHead(302, { location: '/photo' }).end();
    if (path === '/to-private') {
      return response.writeHead(302, { location: `http://127.0.0.2:${port()}/photo` }).end();
    }
    if (path === '/to-metadata') {
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    }
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/endless') {
      // No Content-Length: only counting what comes can stop it.
      response.write(Buffer.alloc(600 * 1024));
      response.write(Buffer.alloc(600 * 1024));
      return response.end();
    }
    response.writeHead(418).end('I am a teapot at 10.1.2.3');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${port()}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const port = () => (server.address() as AddressInfo).port;

describe('guardedDownload', () => {
  it('fetches within the guard, following a redirect', async () => {
    const bytes = await guardedDownload(`${base}/hop`, { ...limits, guard: STAND_IN });
    expect(bytes.length).toBe(1000);
  });

  it('by default takes only https addresses of the public internet, judged before connecting', async () => {
    await expect(guardedDownload(`${base}/photo`, limits)).rejects.toThrow(
      'it is not an https address',
    );
    for (const url of [
      'https://127.0.0.1/a.png',
      'https://10.0.0.1/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/a.png',
      'https://[fd00:ec2::254]/a.png',
      'https://localhost/a.png',
    ]) {
      await expect(guardedDownload(url, limits), url).rejects.toThrow(
        'its host is not a public internet address',
      );
    }
  });

  it('judges every redirect as the first address', async () => {
    for (const path of ['/to-private', '/to-metadata']) {
      await expect(
        guardedDownload(`${base}${path}`, { ...limits, guard: STAND_IN }),
      ).rejects.toThrow(/its host is not a public internet address|it is not an http address/);
    }
    await expect(guardedDownload(`${base}/loop`, { ...limits, guard: STAND_IN })).rejects.toThrow(
      'it redirects too often',
    );
  });

  it('stops reading past the size limit, and reports a refusal without the remote answer', async () => {
    await expect(
      guardedDownload(`${base}/endless`, { ...limits, guard: STAND_IN }),
    ).rejects.toThrow('it is over 1048576 bytes');
    const refused = guardedDownload(`${base}/teapot`, { ...limits, guard: STAND_IN });
    await expect(refused).rejects.toThrow('its host did not give the file');
    await expect(refused).rejects.not.toThrow(/418|teapot|10\.1\.2\.3/);
  });
});

describe('isPublicAddress', () => {
  it('tells the public internet from loopback, private, link-local and reserved ranges', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.20.30.40',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '::',
      '::1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'fd00:ec2::254',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
