import type { TPayTo } from '@campus/shared/domain/checkout';
import { defaultPayTo, type TServerConfig, uploadsDirOf } from '@campus/shared/server/config';
import type { Db } from '@campus/shared/server/db/client';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { sheetStoreFromConfig } from '@campus/shared/server/sheets/sheet-store-from-config';
import { createCloudinaryImageStore } from './uploads/cloudinary-image-store';
import type { ImageStore } from './uploads/image-store';
import { createLocalImageStore } from './uploads/local-image-store';

/**
 * What the api reaches outside itself, picked once from configuration (docs/architecture.md §2).
 */
export interface ApiAdapters {
  sheets: SheetStore;
  images: ImageStore;
  /** The local image store's folder, served at /uploads; null with Cloudinary. */
  uploadsDir: string | null;
  payToDefault: TPayTo;
  quoteHoldMinutes?: number;
}

export function apiAdaptersFromConfig(config: TServerConfig, db: Db): ApiAdapters {
  const common = {
    sheets: sheetStoreFromConfig(config, db),
    payToDefault: defaultPayTo(config),
    quoteHoldMinutes: config.QUOTE_HOLD_MINUTES,
  };
  if (config.CLOUDINARY_URL) {
    return {
      ...common,
      images: createCloudinaryImageStore(config.CLOUDINARY_URL),
      uploadsDir: null,
    };
  }
  const uploadsDir = uploadsDirOf(config);
  return { ...common, images: createLocalImageStore({ dir: uploadsDir }), uploadsDir };
}
