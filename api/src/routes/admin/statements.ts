import {
  STATEMENT_MESSAGES as M,
  STATEMENT_PATHS,
  type TStatementMapping,
  ZStatementMapping,
} from '@campus/shared/domain/bank-statement';
import {
  CATALOGUE_FILE_MAX_BYTES,
  CATALOGUE_IMPORT_LIMIT,
  CATALOGUE_IMPORT_MESSAGES,
} from '@campus/shared/domain/catalogue-import-api';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import { type Context, Hono } from 'hono';
import { findCampus } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import type { AppEnv } from '../../app-env';
import { assertCampusAccess, type Guards } from '../../auth/guards';
import { withinPersonLimit } from '../../auth/needs-redis';
import type { RateLimiter } from '../../auth/rate-limit';
import { limitBody, parseWith } from '../../http/body';
import { invalidArgument, payloadTooLarge, tooManyRequests } from '../../http/errors';
import { importStatement, previewStatement } from '../../statements/import-statement';

/** The paths whose bodies are files, which the admin forms' 32 KB limit must not refuse. */
export const STATEMENT_FILE_PATHS: readonly string[] = Object.values(STATEMENT_PATHS);

const local = (path: string) => path.replace(/^\/api\/admin/, '');

/** The statement and the columns chosen (JSON; none in a first preview) of a multipart body. */
async function uploaded(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch((cause: unknown) => {
    throw invalidArgument(M.fileRequired, { logMessage: 'statement body is not multipart', cause });
  });
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw invalidArgument(M.fileRequired);
  if (file.size > CATALOGUE_FILE_MAX_BYTES) {
    throw payloadTooLarge(`statement of ${file.size} bytes`, M.tooLarge);
  }
  let mapping: TStatementMapping | null = null;
  if (typeof form.mapping === 'string' && form.mapping !== '') {
    let json: unknown;
    try {
      json = JSON.parse(form.mapping);
    } catch (cause) {
      throw invalidArgument(undefined, { logMessage: 'statement mapping is not JSON', cause });
    }
    mapping = parseWith(ZStatementMapping, json);
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), mapping };
}

/**
 * The receiving account's statement of a campus (decision 023): a preview of how its rows read,
 * and the import that keeps its credits and matches them to orders. For a super admin or the
 * campus's admin; at most as many files per person as the catalogue import allows.
 */
export function statementRoutes(
  deps: AdminDeps & { rateLimiter: RateLimiter; metrics: Metrics },
  guards: Guards,
) {
  const { db } = deps;
  const fileLimit = limitBody(CATALOGUE_FILE_MAX_BYTES + 16 * 1024, M.tooLarge);
  const campusOf = async (c: Context<AppEnv>) => {
    const actor = await guards.signedInUser(c);
    const { universityId = '', campusId = '' } = c.req.query();
    const campus = await findCampus(db, universityId, campusId);
    assertCampusAccess(actor, campus);
    const limits = { rateLimiter: deps.rateLimiter, log: c.get('log') };
    const rate = {
      max: CATALOGUE_IMPORT_LIMIT.max,
      windowSeconds: CATALOGUE_IMPORT_LIMIT.minutes * 60,
    };
    if (!(await withinPersonLimit(limits, 'statement-files', actor.uid, rate))) {
      const logMessage = `user ${actor.uid} is over the statement file limit`;
      throw tooManyRequests({ logMessage }, CATALOGUE_IMPORT_MESSAGES.tooManyFiles);
    }
    return { actor, campus };
  };
  return new Hono<AppEnv>()
    .post(local(STATEMENT_PATHS.preview), fileLimit, async (c) => {
      const { campus } = await campusOf(c);
      const { bytes, mapping } = await uploaded(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await previewStatement(db, campus, bytes, mapping));
    })
    .post(local(STATEMENT_PATHS.import), fileLimit, async (c) => {
      const { actor, campus } = await campusOf(c);
      const { bytes, mapping } = await uploaded(c);
      if (!mapping) throw invalidArgument(M.mappingRequired);
      const imported = await importStatement(db, actor, campus, bytes, mapping);
      const credits = deps.metrics.statementCredits;
      credits.inc({ result: 'added' }, imported.added);
      credits.inc({ result: 'already_imported' }, imported.alreadyImported);
      credits.inc({ result: 'matched' }, imported.matched);
      return c.json(imported);
    });
}
