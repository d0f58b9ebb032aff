// The catalogue's floor: a bare Hono app in a process of its own, answering the bytes and the
// headers the api answered for the restaurants route (BARE_RESPONSE, a JSON file written by
// catalogue-throughput.ts), and its 304 to a matching If-None-Match. Nothing of ours but this.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface BareResponse {
  body: string;
  headers: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
}

const response = JSON.parse(readFileSync(process.env.BARE_RESPONSE ?? '', 'utf8')) as BareResponse;
const etag = response.headers.etag;
const app = new Hono().get('/', (c) =>
  etag && c.req.header('if-none-match') === etag
    ? c.body(null, 304, response.notModifiedHeaders)
    : c.body(response.body, 200, response.headers),
);

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, (info) => {
  process.stdout.write(`bare app listening on ${info.port}\n`);
});
