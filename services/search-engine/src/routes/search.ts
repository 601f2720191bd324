/** Search routes: one index, several indices (spec §5 search-as-you-type), with the hits budget and the top-searches count. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../analytics';
import type { SearchResponse } from '../engine';
import type { Engine } from '../engines';
import { badRequest } from '../errors';
import { MAX_FACET_VALUES_PER_REQUEST, MAX_HITS_PER_REQUEST, MAX_QUERIES_PER_REQUEST, overLimit } from '../limits';
import { collectRawParams, parseSearchParams, type SearchParams } from '../params';
import { asName, asObject, requestsOnEveryIndex, type P, type RouteContext } from './common';

/** `POST /1/indexes/*\/queries` and `POST /1/indexes/:indexName/query`. */
export function searchRoutes(app: FastifyInstance, { engine, storage, allowedOrigins }: RouteContext): void {
  const checkHitsBudget = (queries: Array<{ indexName: string; params: SearchParams }>) => checkBudget(engine, queries);
  const recordSearch = searchRecorder(storage, allowedOrigins);

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/queries', async (req) => {
    const requests = requestsOnEveryIndex(req.params.indexName, req.body, MAX_QUERIES_PER_REQUEST, 'Too many queries in requests');
    const parsed = requests.map((request, i) => {
      if (request.type === 'facet') throw badRequest('Search for facet values is not supported');
      return { indexName: asName(request.indexName, `requests[${i}].indexName`), params: parseSearchParams(collectRawParams(request)) };
    });
    checkHitsBudget(parsed);
    const results: SearchResponse[] = parsed.map(({ indexName, params }) => engine.get(indexName).search(params));
    // in request order, as the search-as-you-type aggregation depends on it
    for (const [i, { indexName, params }] of parsed.entries()) await recordSearch(req, indexName, params, results[i]);
    return { results };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/query', async (req) => {
    const body = req.body === undefined ? {} : asObject(req.body);
    const params = parseSearchParams(collectRawParams(body));
    checkHitsBudget([{ indexName: req.params.indexName, params }]);
    const res = engine.get(req.params.indexName).search(params);
    await recordSearch(req, req.params.indexName, params, res);
    return res;
  });
}

/**
 * Refuses a search request whose queries ask for more than {@link MAX_HITS_PER_REQUEST} hits in all
 * (each query: `length` with `offset`, else `hitsPerPage`, else its index's default), or more than
 * {@link MAX_FACET_VALUES_PER_REQUEST} facet values (attributes × maxValuesPerFacet). A 400 rather
 * than clamping, so a client never gets less than it asked for without knowing.
 * @throws ApiError 404 unknown index, 400 over a budget
 */
export function checkBudget(engine: Engine, queries: Array<{ indexName: string; params: SearchParams }>): void {
  let hits = 0;
  let facetValues = 0;
  for (const { indexName, params } of queries) {
    const index = engine.get(indexName);
    hits += index.hitsAskedBy(params);
    facetValues += index.facetValuesAskedBy(params);
  }
  if (hits > MAX_HITS_PER_REQUEST) throw overLimit('Too many hits asked for (hitsPerPage or length, summed over the queries)', hits, MAX_HITS_PER_REQUEST);
  if (facetValues > MAX_FACET_VALUES_PER_REQUEST) throw overLimit('Too many facet values asked for (facets × maxValuesPerFacet, summed over the queries)', facetValues, MAX_FACET_VALUES_PER_REQUEST);
}

/**
 * Counts a served query in the top-searches analytics (unless `analytics: false`), once per client
 * address (`request.ip`, see `trustProxy`) and day. A request from a page of another origin (an
 * `Origin` header not in `allowedOrigins`: a foreign page's CORS simple request, which the browser
 * sends without asking) is served but not counted. A storage failure is logged and does not fail the search.
 */
export function searchRecorder(storage: RouteContext['storage'], allowedOrigins: string[]) {
  return async (req: FastifyRequest, indexName: string, params: SearchParams, res: SearchResponse): Promise<void> => {
    if (!params.analytics) return;
    const origin = req.headers.origin;
    if (typeof origin === 'string' && !allowedOrigins.includes(origin)) return;
    const header = req.headers['x-algolia-usertoken'];
    const user = params.userToken ?? (typeof header === 'string' && header !== '' ? header : req.ip);
    try {
      await storage.analytics.record(indexName, params.query, res.nbHits, user, clientOf(req.ip));
    } catch (err) {
      req.log.error({ err }, 'search analytics not recorded');
    }
  };
}
