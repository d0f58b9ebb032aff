import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Every address the product fetches from a URL someone gave it (a photo to copy) goes through
// here (README, Security): https only; never to this machine, a private network, a link-local or
// cloud metadata address, judged on the addresses the name resolves to, at every redirect; the
// body read as it comes and cut past its limit. What it reports never repeats the remote answer.

/** Which URLs may be fetched: the protocols, and the addresses a connection may go to. */
export interface FetchGuard {
  protocols: readonly string[];
  allows(address: string): boolean;
}

// Ranges that are not the public internet (IANA special-purpose registries).
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The guard of everything the product fetches. */
export const PUBLIC_HTTPS: FetchGuard = { protocols: ['https:'], allows: isPublicAddress };

/** Why a fetch was refused or failed, in words that may be reported as they are. */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const PRIVATE = 'its host is not a public internet address';

/** A DNS lookup that lets a connection go only to addresses the guard allows. */
function guardedLookup(guard: FetchGuard): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(new FetchRefused('its host name does not resolve'), '', 0);
        return;
      }
      if (addresses.length === 0 || addresses.some((found) => !guard.allows(found.address))) {
        callback(new FetchRefused(PRIVATE), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

function get(url: URL, guard: FetchGuard, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      lookup: guardedLookup(guard),
      signal,
      headers: { accept: 'image/*' },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    response.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        response.destroy();
        reject(new FetchRefused(`it is over ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', reject);
  });
}

/**
 * The body at `url`, within the guard (PUBLIC_HTTPS unless given), `maxBytes` and `timeoutMs`,
 * following at most `maxRedirects` redirects, each judged as the first address. Throws a
 * FetchRefused whose message may be reported.
 */
export async function guardedDownload(
  url: string,
  options: { maxBytes: number; timeoutMs: number; maxRedirects?: number; guard?: FetchGuard },
): Promise<Buffer> {
  const guard = options.guard ?? PUBLIC_HTTPS;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    if (!guard.protocols.includes(target.protocol)) {
      const allowed = guard.protocols.map((protocol) => protocol.replace(':', ''));
      throw new FetchRefused(`it is not an ${allowed.join(' or ')} address`);
    }
    // A literal address is connected to without a lookup: judged here.
    const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) && !guard.allows(literal)) throw new FetchRefused(PRIVATE);
    let response: IncomingMessage;
    try {
      response = await get(target, guard, signal);
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      throw new FetchRefused(
        signal.aborted
          ? `no answer within ${options.timeoutMs / 1000} s`
          : 'its host could not be reached',
      );
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      target = new URL(location, target);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefused('its host did not give the file');
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > options.maxBytes) {
      response.destroy();
      throw new FetchRefused(`it is over ${options.maxBytes} bytes`);
    }
    return readCapped(response, options.maxBytes);
  }
  throw new FetchRefused('it redirects too often');
}
