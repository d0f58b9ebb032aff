import {
  TEXT_LIMITS,
  type TextRule,
  textProblem,
  textProblemMessage,
} from '@campus/shared/domain/text';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { invalidField } from '../http/errors';

const PATH_RULE = { max: TEXT_LIMITS.param };
const QUERY_RULE = { max: TEXT_LIMITS.query };
// Printable ASCII but '%': an address made of these alone decodes to itself ('+' to a space),
// holds no character the text rule forbids, and has no part longer than the whole.
const PLAIN_ADDRESS = /^[!-$&-~]*$/;

/** The text of a percent-encoded part, or null when its bytes are no UTF-8 (a surrogate's). */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

function check(part: string, field: string, rule: TextRule): void {
  const text = decoded(part);
  const problem = text === null ? 'forbiddenCharacters' : textProblem(text, rule);
  if (problem) throw invalidField(field, textProblemMessage(problem, rule));
}

/**
 * Holds every path segment and query value to the shared text rule before any route reads it: a
 * `%00` in `?campusId=` or in a tab name is a 400 on that parameter, never a query the database
 * refuses with a 500. Bytes that are no UTF-8 are refused too rather than read as U+FFFD.
 */
export function plainTextParams() {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Most addresses (ids and plain words, nothing percent-encoded) pass at a glance; the rest
    // are checked part by part.
    if (c.req.url.length <= PATH_RULE.max && PLAIN_ADDRESS.test(c.req.url)) return next();
    const url = new URL(c.req.url);
    for (const segment of url.pathname.split('/')) check(segment, 'path', PATH_RULE);
    for (const pair of url.search.slice(1).split('&')) {
      const [name = '', value = ''] = pair.split('=', 2);
      check(name, 'query', PATH_RULE);
      check(value, decoded(name) ?? 'query', QUERY_RULE);
    }
    await next();
  });
}
