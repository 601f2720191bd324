/** Query rules of an index (src/rules.ts): search, get, save, batch, clear, delete. */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { type Anchoring, type SearchRulesParams, validateRule } from '../rules';
import { asArray, asName, asObject, now, type P, type RouteContext } from './common';

/** `/1/indexes/:indexName/rules/*`. */
export function ruleRoutes(app: FastifyInstance, { engine, write }: RouteContext): void {
  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/rules/search', async (req) => {
    const body = req.body === undefined ? {} : asObject(req.body);
    const params: SearchRulesParams = {};
    if (body.query !== undefined) {
      if (typeof body.query !== 'string') throw badRequest('Invalid value for parameter query');
      params.query = body.query;
    }
    if (body.anchoring !== undefined) params.anchoring = asName(body.anchoring, 'anchoring') as Anchoring;
    if (body.context !== undefined) params.context = asName(body.context, 'context');
    for (const k of ['page', 'hitsPerPage'] as const) {
      if (body[k] !== undefined) {
        if (typeof body[k] !== 'number') throw badRequest(`Invalid value for parameter ${k}`);
        params[k] = body[k] as number;
      }
    }
    if (body.enabled !== undefined && body.enabled !== null) {
      if (typeof body.enabled !== 'boolean') throw badRequest('Invalid value for parameter enabled');
      params.enabled = body.enabled;
    }
    return engine.get(req.params.indexName).rules.search(params);
  });

  app.get<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/rules/:objectID', async (req) =>
    engine.get(req.params.indexName).rules.get(req.params.objectID));


  app.put<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/rules/:objectID', write, async (req) => {
    const rule = validateRule(req.body, req.params.objectID);
    engine.getOrCreate(req.params.indexName).rules.save(rule);
    return { taskID: engine.nextTaskID(), updatedAt: now(), objectID: rule.objectID };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/rules/batch', write, async (req) => {
    const rules = asArray(req.body, 'body (expected an array of rules)').map((r) => validateRule(r));
    const index = engine.getOrCreate(req.params.indexName);
    if ((req.query as Record<string, unknown>).clearExistingRules === 'true') index.rules.clear();
    for (const rule of rules) index.rules.save(rule);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/rules/clear', write, async (req) => {
    engine.getOrCreate(req.params.indexName).rules.clear();
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.delete<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/rules/:objectID', write, async (req) => {
    engine.get(req.params.indexName).rules.delete(req.params.objectID);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });
}
