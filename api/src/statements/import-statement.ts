import { createHash, randomUUID } from 'node:crypto';
import {
  STATEMENT_MESSAGES,
  STATEMENT_PREVIEW_ROWS,
  STATEMENT_SKIPS,
  type StatementCredit,
  type TStatementImportResponse,
  type TStatementMapping,
  type TStatementPreviewResponse,
} from '@campus/shared/domain/bank-statement';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { statementCredits, statementMappings } from '@campus/shared/server/db/schema';
import { matchOpenCredits } from '@campus/shared/server/statements/match-credits';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { FoundCampus } from '../admin/campus-lookup';
import { invalidArgument } from '../http/errors';
import { readStatement, type StatementRow } from './read-statement';

async function rememberedMapping(db: Db, campusId: string): Promise<TStatementMapping | null> {
  const [row] = await db
    .select({ mapping: statementMappings.mapping })
    .from(statementMappings)
    .where(eq(statementMappings.campusId, campusId));
  return row?.mapping ?? null;
}

const isCredit = (read: StatementRow['read']): read is StatementCredit => !('skip' in read);

/**
 * What the statement would import (decision 023): its header, the columns read (the admin's
 * choice, the campus's last one, or a guess) and its first rows as read, with the counts.
 */
export async function previewStatement(
  db: Db,
  campus: FoundCampus,
  bytes: Uint8Array,
  given: TStatementMapping | null,
): Promise<TStatementPreviewResponse> {
  const remembered = await rememberedMapping(db, campus.campusId);
  const { header, mapping, rows } = await readStatement(bytes, { given, remembered });
  const credits = rows.filter((row) => isCredit(row.read)).length;
  return {
    ok: true,
    header,
    mapping,
    rows: rows.slice(0, STATEMENT_PREVIEW_ROWS).map(({ row, read }) => ({
      row,
      credit: isCredit(read)
        ? {
            on: read.on,
            at: read.at,
            amountPaisa: read.amountPaisa,
            description: read.description,
            references: read.references,
          }
        : null,
      skipped: isCredit(read) ? null : STATEMENT_SKIPS[read.skip],
    })),
    credits,
    skipped: rows.length - credits,
  };
}

/**
 * The row's key: its content, and how many rows of the same content came before it in the file
 * (two equal transfers of one day are two credits; the same row in a second file is one).
 */
function rowKeys(credits: readonly StatementCredit[]): string[] {
  const seen = new Map<string, number>();
  return credits.map((credit) => {
    const content = createHash('sha256')
      .update(
        JSON.stringify([
          credit.on,
          credit.at,
          credit.amountPaisa,
          credit.description,
          credit.transactionId,
        ]),
      )
      .digest('hex');
    const nth = (seen.get(content) ?? 0) + 1;
    seen.set(content, nth);
    return `${content}#${nth}`;
  });
}

/**
 * Imports the statement's credits into the campus's (those of an earlier import of the same
 * period are kept, not added again), remembers the columns for the campus's next statement, and
 * matches the credits no order took yet.
 */
export async function importStatement(
  db: Db,
  actor: TUserProfile,
  campus: FoundCampus,
  bytes: Uint8Array,
  mapping: TStatementMapping,
): Promise<TStatementImportResponse> {
  const { rows } = await readStatement(bytes, { given: mapping, remembered: null });
  const credits = rows.map((row) => row.read).filter(isCredit);
  if (credits.length === 0) throw invalidArgument(STATEMENT_MESSAGES.noCredits);
  const keys = rowKeys(credits);
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(statementCredits)
      .values(
        credits.map((credit, index) => ({
          id: randomUUID(),
          campusId: campus.campusId,
          rowKey: keys[index] as string,
          creditedOn: credit.on,
          creditedAt: credit.at,
          amountPaisa: credit.amountPaisa,
          description: credit.description,
          transactionId: credit.transactionId,
          references: credit.references,
          importedBy: actor.uid,
        })),
      )
      .onConflictDoNothing({ target: [statementCredits.campusId, statementCredits.rowKey] })
      .returning({ id: statementCredits.id });
    await tx
      .insert(statementMappings)
      .values({ campusId: campus.campusId, mapping })
      .onConflictDoUpdate({
        target: statementMappings.campusId,
        set: { mapping, updatedAt: new Date() },
      });
    const matched = await matchOpenCredits(tx, campus.campusId);
    const result = {
      credits: credits.length,
      added: added.length,
      alreadyImported: credits.length - added.length,
      skipped: rows.length - credits.length,
      matched,
    };
    await audit(tx, actor, {
      action: 'import',
      entity: 'statement',
      entityId: campus.campusId,
      details: result,
    });
    return { ok: true as const, ...result };
  });
}
