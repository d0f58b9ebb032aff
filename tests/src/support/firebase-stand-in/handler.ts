import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import type { DocumentStore } from './documents';
import { cloudError, GoogleError, invalidArgument } from './errors';
import { prepareFirestoreCall } from './firestore';
import type { IdentityService } from './identity';
import { queriedCollection } from './query';
import { matchRoute, type Route } from './routes';
import { isObject } from './values';

/**
 * One call that reached the stand-in, answered or not. `path` is, for runQuery, the collection's
 * path ('universities/u1/campuses'); for batchGet and commit, the documents' paths joined by
 * ', '; for the auth calls, the endpoint ('identitytoolkit.googleapis.com/v1/accounts:lookup').
 */
export interface StandInCall {
  kind: 'signIn' | 'lookup' | 'refresh' | 'runQuery' | 'batchGet' | 'commit';
  path: string;
}

/** What the HTTP side works with; `failingReads` may change between calls. */
export interface HandlerDeps {
  projectId: string;
  apiKey: string;
  store: DocumentStore;
  identity: IdentityService;
  calls: StandInCall[];
  refusals: string[];
  failingReads(): ((path: string) => boolean) | undefined;
}

// Google's own words, so an error the importer logs reads as it would in production.
const NO_API_KEY =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";
const SIGNED_OUT = 'Missing or insufficient permissions.';
const BAD_TOKEN =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';

/** Answers one call as Identity Toolkit, Secure Token or Firestore would; refusals are recorded. */
export function createHandler(deps: HandlerDeps) {
  const { store, identity } = deps;

  function checkApiKey(key: string | null, required: boolean) {
    if (key === null && required) throw cloudError(403, 'PERMISSION_DENIED', NO_API_KEY);
    if (key !== null && key !== deps.apiKey) {
      throw invalidArgument('API key not valid. Please pass a valid API key.');
    }
  }

  /** The signed-in user's ID token must come with every Firestore call: rules admit no one else. */
  function authorize(header: string | undefined) {
    if (header === undefined) throw cloudError(403, 'PERMISSION_DENIED', SIGNED_OUT);
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (token === undefined || typeof identity.check(token) === 'string') {
      throw cloudError(401, 'UNAUTHENTICATED', BAD_TOKEN);
    }
  }

  function answerIdentity(
    route: Route & { service: 'identity' },
    req: IncomingMessage,
    body: string,
  ) {
    checkApiKey(route.key, true);
    const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    const fields = form ? Object.fromEntries(new URLSearchParams(body)) : parseJson(body);
    if (!isObject(fields)) throw invalidArgument('Invalid JSON payload received.');
    return identity[route.kind](fields);
  }

  /** The answer of a Firestore call, or 'cut' when a fault cut its connection. */
  function answerFirestore(
    route: Route & { service: 'firestore' },
    req: IncomingMessage,
    body: string,
    call: StandInCall,
  ) {
    if (route.project !== deps.projectId || route.database !== '(default)') {
      throw cloudError(
        404,
        'NOT_FOUND',
        `The database ${route.database} does not exist for project ${route.project}`,
      );
    }
    // The SDK sends the app's API key to Firestore too; Firestore takes a call without one.
    checkApiKey(route.key, false);
    const json = parseJson(body);
    // Named before it is checked, so a refused query's record says which collection it was for.
    if (route.kind === 'runQuery') call.path = queriedCollection(route.parent, json) ?? call.path;
    const prepared = prepareFirestoreCall(route.kind, route.parent, json, store);
    call.path = prepared.paths.join(', ');
    const failing = deps.failingReads();
    if (route.kind !== 'commit' && failing && prepared.paths.some(failing)) return 'cut';
    authorize(req.headers.authorization);
    return prepared.run(new Date().toISOString());
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await text(req);
    let call: StandInCall | undefined;
    try {
      const route = matchRoute(req.method ?? '', req.url ?? '/');
      if (!route) {
        throw cloudError(404, 'NOT_FOUND', 'The requested URL was not found on this server.');
      }
      call = { kind: route.kind, path: route.service === 'identity' ? route.path : route.parent };
      deps.calls.push(call);
      const result =
        route.service === 'identity'
          ? answerIdentity(route, req, body)
          : answerFirestore(route, req, body, call);
      if (result === 'cut') res.socket?.destroy();
      else answer(res, 200, result);
    } catch (error) {
      if (!(error instanceof GoogleError)) throw error;
      const what = call
        ? [call.kind, call.path].filter(Boolean).join(' ')
        : `${req.method} ${req.url}`;
      deps.refusals.push(`${what}: ${error.message}`);
      answer(res, error.httpStatus, error.body);
    }
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      // A bug of the stand-in must fail the test (console.error does), not pass for an outage.
      console.error('firebase stand-in failed on', req.method, req.url, error);
      if (!res.headersSent) answer(res, 500, { error: { code: 500, message: String(error) } });
    });
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw invalidArgument('Invalid JSON payload received.');
  }
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}
