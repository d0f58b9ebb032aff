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
// Answered as the api answers it: a Response with a plain record of headers, which
// @hono/node-server writes as it is (c.body would build a fetch Headers object per answer).
const app = new Hono().get('/', (c) =>
  etag && c.req.header('if-none-match') === etag
    ? new Response(null, { status: 304, headers: response.notModifiedHeaders })
    : new Response(response.body, { status: 200, headers: response.headers }),
);

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, (info) => {
  process.stdout.write(`bare app listening on ${info.port}\n`);
});
