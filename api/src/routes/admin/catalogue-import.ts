import {
  CATALOGUE_FILE_MAX_BYTES,
  CATALOGUE_IMPORT_LIMIT,
  catalogueFilePaths,
  CATALOGUE_IMPORT_MESSAGES as M,
  type TCatalogueKind,
  type TImportApplyResponse,
  type TImportPreviewResponse,
} from '@campus/shared/domain/catalogue-import-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { type Context, Hono } from 'hono';
import type { AdminDeps } from '../../admin/deps';
import type { AppEnv } from '../../app-env';
import { assertRole, type Guards } from '../../auth/guards';
import { withinPersonLimit } from '../../auth/needs-redis';
import type { Limit, RateLimiter } from '../../auth/rate-limit';
import { applyCatalogueImport } from '../../catalogue-import/apply-catalogue-import';
import { catalogueTemplate, exportCatalogue } from '../../catalogue-import/export-catalogue';
import { importScope } from '../../catalogue-import/import-scope';
import { previewCatalogueImport } from '../../catalogue-import/preview-catalogue-import';
import { limitBody } from '../../http/body';
import { invalidArgument, payloadTooLarge, tooManyRequests } from '../../http/errors';
import { sheetDownload } from '../../sheets/sheet-download';

const KINDS: readonly TCatalogueKind[] = ['menu', 'mart'];
const FORMATS = ['xlsx', 'csv'] as const;

/**
 * The paths whose bodies are files (2 MB, limited here), which the admin forms' 32 KB limit must
 * not refuse.
 */
export const CATALOGUE_IMPORT_PATHS: readonly string[] = KINDS.flatMap((kind) => {
  const paths = catalogueFilePaths(kind);
  return [paths.preview, paths.apply];
});

/** The body limit of an import: the file's 2 MB and room for the multipart framing. */
const limitImportBody = () => limitBody(CATALOGUE_FILE_MAX_BYTES + 16 * 1024, M.tooLarge);

const IMPORT_RATE: Limit = {
  max: CATALOGUE_IMPORT_LIMIT.max,
  windowSeconds: CATALOGUE_IMPORT_LIMIT.minutes * 60,
};

/** The uploaded file and the preview's token of a multipart body. */
async function uploaded(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch((cause: unknown) => {
    throw invalidArgument(M.fileRequired, { logMessage: 'import body is not multipart', cause });
  });
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw invalidArgument(M.fileRequired);
  if (file.size > CATALOGUE_FILE_MAX_BYTES) {
    throw payloadTooLarge(`catalogue file of ${file.size} bytes`, M.tooLarge);
  }
  const token = typeof form.token === 'string' ? form.token : '';
  return { bytes: new Uint8Array(await file.arrayBuffer()), token };
}

/**
 * The catalogue in bulk (docs/product.md §10): template, export, preview and apply of a
 * restaurant's menu (?restaurantId) and a campus's mart (?universityId&campusId), for a super admin
 * or the campus's admin. Paths: catalogueFilePaths of @campus/shared/domain/catalogue-import-api.
 */
export function catalogueImportRoutes(
  deps: AdminDeps & { rateLimiter: RateLimiter },
  guards: Guards,
) {
  const { db } = deps;
  const { signedInUser } = guards;
  const app = new Hono<AppEnv>();
  /** Counts a preview or an import of the person against CATALOGUE_IMPORT_LIMIT. */
  const countFile = async (c: Context<AppEnv>, actor: TUserProfile) => {
    const limits = { rateLimiter: deps.rateLimiter, log: c.get('log') };
    if (!(await withinPersonLimit(limits, 'catalogue-files', actor.uid, IMPORT_RATE))) {
      const logMessage = `user ${actor.uid} is over the catalogue file limit`;
      throw tooManyRequests({ logMessage }, M.tooManyFiles);
    }
  };
  const scopeOf = async (c: Context<AppEnv>, kind: TCatalogueKind) => {
    const actor = await signedInUser(c);
    return { actor, scope: await importScope(db, actor, kind, c.req.query()) };
  };
  for (const kind of KINDS) {
    const paths = catalogueFilePaths(kind);
    const local = (path: string) => path.replace(/^\/api\/admin/, '');
    for (const format of FORMATS) {
      app.get(local(paths.template(format)), async (c) => {
        assertRole(await signedInUser(c), 'superAdmin', 'campusAdmin');
        return sheetDownload(c, catalogueTemplate(kind), format);
      });
      app.get(local(paths.export(format)), async (c) => {
        const { scope } = await scopeOf(c, kind);
        return sheetDownload(c, await exportCatalogue(deps, scope), format);
      });
    }
    app.post(local(paths.preview), limitImportBody(), async (c) => {
      const { actor, scope } = await scopeOf(c, kind);
      await countFile(c, actor);
      const { bytes } = await uploaded(c);
      const body: TImportPreviewResponse = {
        ok: true,
        ...(await previewCatalogueImport(deps, scope, bytes)),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    });
    app.post(local(paths.apply), limitImportBody(), async (c) => {
      const { actor, scope } = await scopeOf(c, kind);
      await countFile(c, actor);
      const { bytes, token } = await uploaded(c);
      const body: TImportApplyResponse = {
        ok: true,
        ...(await applyCatalogueImport(deps, actor, scope, bytes, token)),
      };
      return c.json(body);
    });
  }
  return app;
}
