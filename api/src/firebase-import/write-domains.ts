import { allowedDomains } from '@campus/shared/server/db/schema';
import { and, eq, ne } from 'drizzle-orm';
import * as convert from './documents';
import type { SourceDocument } from './source';
import { problem, put, type WriteContext } from './write-context';

export async function writeDomains(
  ctx: WriteContext,
  domains: readonly SourceDocument[],
  universityId: string,
) {
  for (const domain of domains) {
    const { university, campus } = convert.sourceCampusOf(domain);
    const campusId = ctx.rows.idOf(`universities/${university}/campuses/${campus}`);
    if (!campusId) {
      problem(
        ctx,
        'domain',
        domain.path,
        `campus universities/${university}/campuses/${campus} was not imported`,
      );
      continue;
    }
    const form = convert.domainOf(domain, { universityId, campusId });
    if (!form.ok) {
      problem(ctx, 'domain', domain.path, form.reason);
      continue;
    }
    const known = ctx.rows.idOf(domain.path);
    const [twin] = await ctx.tx
      .select({ id: allowedDomains.id })
      .from(allowedDomains)
      .where(
        and(
          eq(allowedDomains.campusId, campusId),
          eq(allowedDomains.domain, form.values.domain),
          known ? ne(allowedDomains.id, known) : undefined,
        ),
      );
    if (twin) {
      problem(
        ctx,
        'domain',
        domain.path,
        `${form.values.domain} is already allowed at this campus`,
      );
      continue;
    }
    const { name, domain: value } = form.values;
    await put(ctx, 'domain', domain.path, {
      values: { name, domain: value, universityId, campusId },
      notes: form.notes,
    });
  }
}
