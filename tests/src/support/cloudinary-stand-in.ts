import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp, { type Metadata } from 'sharp';

/** One upload the stand-in accepted: its signed parameters and the image bytes. */
interface ReceivedUpload {
  params: Record<string, string>;
  file: Buffer;
}

export interface CloudinaryStandIn {
  /** cloudinary://KEY:SECRET@CLOUD?upload_prefix=http://127.0.0.1:PORT, as CLOUDINARY_URL. */
  cloudinaryUrl: string;
  cloudName: string;
  /** Uploads answered with success, oldest first. */
  uploads: ReceivedUpload[];
  /** The public ids of images destroyed, oldest first. */
  destroyed: string[];
  /** Every upload request, answered or refused. */
  requests: number;
  /** Answers the next `count` uploads with `status` and Cloudinary's error body. */
  failNext(count?: number, status?: number): void;
  close(): Promise<void>;
}

// Cloudinary signs every parameter but these.
const UNSIGNED = new Set(['file', 'api_key', 'resource_type', 'cloud_name', 'signature']);

/** Cloudinary's string to sign (signature version 2: '&' inside values escaped). */
function stringToSign(params: Record<string, string>): string {
  return Object.entries(params)
    .filter(([key, value]) => !UNSIGNED.has(key) && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`.replace(/&/g, '%26'))
    .join('&');
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const refuse = (response: ServerResponse, status: number, message: string) =>
  answer(response, status, { error: { message } });

/**
 * A stand-in of Cloudinary's upload and destroy endpoints (POST /v1_1/:cloud/image/upload,
 * multipart; POST /v1_1/:cloud/image/destroy) on
 * 127.0.0.1, for the Cloudinary image store's tests. It checks what Cloudinary checks before it
 * stores anything: the cloud, the api key, a fresh timestamp and the signature (SHA-1 or SHA-256
 * hex over the signed parameters and the secret), and that the file is an image. It answers as
 * Cloudinary does, with a secure_url under https://res.cloudinary.test/.
 */
export async function startCloudinaryStandIn(
  options: { cloudName?: string; apiKey?: string; apiSecret?: string } = {},
): Promise<CloudinaryStandIn> {
  const cloudName = options.cloudName ?? 'campus-test';
  const apiKey = options.apiKey ?? '123456789012345';
  const apiSecret = options.apiSecret ?? 'stand-in-secret';
  const uploads: ReceivedUpload[] = [];
  const stored = new Set<string>();
  const destroyed: string[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let requests = 0;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const route = /^\/v1_1\/([^/]+)\/image\/(upload|destroy)$/.exec(path);
    if (request.method !== 'POST' || !route) return refuse(response, 404, 'Not found');
    requests++;
    const body = await bodyOf(request);
    if (failures.count > 0) {
      failures.count--;
      return refuse(response, failures.status, 'Stand-in failure, as asked');
    }
    if (route[1] !== cloudName) return refuse(response, 401, `Invalid cloud_name ${route[1]}`);
    const contentType = request.headers['content-type'] ?? '';
    const destroy = route[2] === 'destroy';
    if (!destroy && !contentType.startsWith('multipart/form-data')) {
      return refuse(response, 400, 'Upload must be multipart/form-data');
    }
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    }).formData();
    const params: Record<string, string> = {};
    let file: Blob | null = null;
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') params[key] = value;
      else if (key === 'file') file = value;
    }
    if (params.api_key !== apiKey) return refuse(response, 401, 'Invalid api_key');
    const timestamp = Number(params.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 3600) {
      return refuse(response, 400, 'Stale request - reported time is invalid');
    }
    const signature = params.signature ?? '';
    const algorithm = /^[0-9a-f]{40}$/.test(signature)
      ? 'sha1'
      : /^[0-9a-f]{64}$/.test(signature)
        ? 'sha256'
        : null;
    const expected =
      algorithm &&
      createHash(algorithm)
        .update(stringToSign(params) + apiSecret)
        .digest('hex');
    if (!algorithm || signature !== expected) {
      return refuse(response, 401, `Invalid Signature ${signature}`);
    }
    if (destroy) {
      const publicId = params.public_id ?? '';
      const known = stored.delete(publicId);
      if (known) destroyed.push(publicId);
      return answer(response, 200, { result: known ? 'ok' : 'not found' });
    }
    if (!file || file.size === 0) return refuse(response, 400, 'Missing required parameter - file');
    const bytes = Buffer.from(await file.arrayBuffer());
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes).metadata();
    } catch {
      return refuse(response, 400, 'Invalid image file');
    }
    uploads.push({ params, file: bytes });
    const publicId = params.folder ? `${params.folder}/${params.public_id}` : params.public_id;
    stored.add(publicId ?? '');
    const version = timestamp;
    const format = metadata.format === 'jpeg' ? 'jpg' : metadata.format;
    answer(response, 200, {
      public_id: publicId,
      version,
      width: metadata.width,
      height: metadata.height,
      format,
      resource_type: 'image',
      bytes: bytes.length,
      secure_url: `https://res.cloudinary.test/${cloudName}/image/upload/v${version}/${publicId}.${format}`,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      refuse(response, 500, `Stand-in broke: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const uploadPrefix = `http://127.0.0.1:${port}`;

  return {
    cloudinaryUrl: `cloudinary://${apiKey}:${apiSecret}@${cloudName}?upload_prefix=${uploadPrefix}`,
    cloudName,
    uploads,
    destroyed,
    get requests() {
      return requests;
    },
    failNext(count = 1, status = 500) {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
