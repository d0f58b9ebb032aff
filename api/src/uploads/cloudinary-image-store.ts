import http from 'node:http';
import https from 'node:https';
import type { AppError } from '@campus/shared/domain/app-error';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import { v2 as cloudinary, type UploadApiOptions, type UploadApiResponse } from 'cloudinary';
import { badGateway } from '../http/errors';
import type { CleanImage, ImageStore } from './image-store';

/** Cloudinary's upload api; the `upload_prefix` query parameter of CLOUDINARY_URL replaces it. */
const DEFAULT_UPLOAD_PREFIX = 'https://api.cloudinary.com';

/** A screenshot is at most 0.5 MB: half a minute is ample, and checkout should not hang longer. */
const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * The account of a CLOUDINARY_URL: cloudinary://API_KEY:API_SECRET@CLOUD_NAME[?upload_prefix=URL]
 */
export interface CloudinaryAccount {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  uploadPrefix: string;
}

/** Reads a CLOUDINARY_URL as the SDK would; throws naming what is missing. */
export function parseCloudinaryUrl(cloudinaryUrl: string): CloudinaryAccount {
  const url = new URL(cloudinaryUrl);
  if (url.protocol !== 'cloudinary:')
    throw new Error('CLOUDINARY_URL must start with cloudinary://');
  const account = {
    cloudName: url.hostname,
    apiKey: decodeURIComponent(url.username),
    apiSecret: decodeURIComponent(url.password),
    uploadPrefix: (url.searchParams.get('upload_prefix') ?? DEFAULT_UPLOAD_PREFIX).replace(
      /\/+$/,
      '',
    ),
  };
  if (!account.cloudName || !account.apiKey || !account.apiSecret) {
    throw new Error('CLOUDINARY_URL must be cloudinary://API_KEY:API_SECRET@CLOUD_NAME');
  }
  if (!/^https?:\/\//.test(account.uploadPrefix)) {
    throw new Error('the upload_prefix of CLOUDINARY_URL must be an http:// or https:// URL');
  }
  return account;
}

/**
 * Images on Cloudinary (docs/architecture.md §2, hosted adapter): a signed upload under public id
 * `<id>` in folder `campusbucket/<purpose>`; the URL is Cloudinary's secure_url. A failure is a 502
 * with the spec's 'Failed to upload image. Please try again.' carrying Cloudinary's answer as its
 * cause, for the caller to log with its request.
 *
 * The account goes with every call rather than into `cloudinary.config()`: that config is one
 * object for the whole process (two stores would overwrite each other), and call options win over
 * it. Our configuration module stays the only reader of process.env for what we use.
 */
export function createCloudinaryImageStore(cloudinaryUrl: string): ImageStore {
  const account = parseCloudinaryUrl(cloudinaryUrl);
  // The SDK picks http or https once, when it is imported, from process.env.CLOUDINARY_URL; its
  // requests take an agent of our own, which decides instead (http for a local stand-in).
  const agent = account.uploadPrefix.startsWith('http:')
    ? new http.Agent({ keepAlive: true })
    : new https.Agent({ keepAlive: true });
  const accountOptions: UploadApiOptions = {
    cloud_name: account.cloudName,
    api_key: account.apiKey,
    api_secret: account.apiSecret,
    upload_prefix: account.uploadPrefix,
    agent,
    timeout: UPLOAD_TIMEOUT_MS,
  };

  const upload = (image: CleanImage) =>
    new Promise<UploadApiResponse>((resolve, reject) => {
      const stream = cloudinary.uploader.upload_stream(
        {
          ...accountOptions,
          public_id: image.id,
          folder: `campusbucket/${image.purpose}`,
          resource_type: 'image',
          overwrite: false,
        },
        (error, result) => (result && !error ? resolve(result) : reject(error ?? result)),
      );
      stream.end(image.bytes);
    });

  return {
    kind: 'cloudinary',
    async save(image) {
      let result: UploadApiResponse;
      try {
        result = await upload(image);
      } catch (error) {
        throw uploadFailed(`Cloudinary refused upload ${image.id}: ${describe(error)}`, error);
      }
      if (typeof result.secure_url !== 'string' || !result.secure_url.startsWith('https://')) {
        throw uploadFailed(`Cloudinary answered upload ${image.id} without a secure_url`, result);
      }
      return { url: result.secure_url };
    },
    async remove(image) {
      const publicId = `campusbucket/${image.purpose}/${image.id}`;
      const result: { result?: string } = await cloudinary.uploader
        .destroy(publicId, { ...accountOptions, resource_type: 'image', invalidate: true })
        .catch((error: unknown) => {
          throw new Error(`Cloudinary did not remove ${publicId}: ${describe(error)}`);
        });
      if (result.result !== 'ok' && result.result !== 'not found') {
        throw new Error(`Cloudinary did not remove ${publicId}: ${result.result ?? 'no result'}`);
      }
    },
  };
}

/** The SDK rejects with plain objects ({ message, http_code }), not Errors: say what they hold. */
function describe(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { http_code: status, message } = error as { http_code?: unknown; message?: unknown };
  return [status, message].filter((part) => part !== undefined).join(' ') || 'no reason given';
}

function uploadFailed(logMessage: string, cause: unknown): AppError {
  return badGateway(UPLOAD_MESSAGES.uploadFailed, { logMessage, cause });
}
