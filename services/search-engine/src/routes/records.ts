/** Records: get one or many, batch writes, add, replace, partial update, delete. */
import type { FastifyInstance } from 'fastify';
import { retrieve } from '../engine';
import { ApiError, badRequest } from '../errors';
import { MAX_OBJECTS_PER_REQUEST } from '../limits';
import { asArray, asName, asObject, now, requestsOnEveryIndex, type Obj, type P, type RouteContext } from './common';

const BATCH_ACTIONS = new Set(['addObject', 'updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject', 'delete', 'clear']);

/** Record routes (reads with the search key, writes with the admin key). */
export function recordRoutes(app: FastifyInstance, { engine, write }: RouteContext): void {
  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/objects', async (req) => {
    const requests = requestsOnEveryIndex(req.params.indexName, req.body, MAX_OBJECTS_PER_REQUEST, 'Too many objects in requests');
    const results = requests.map((request, i) => {
      const indexName = asName(request.indexName, `requests[${i}].indexName`);
      const objectID = asName(request.objectID, `requests[${i}].objectID`);
      const attrs = request.attributesToRetrieve;
      if (attrs !== undefined && (!Array.isArray(attrs) || !attrs.every((a) => typeof a === 'string'))) {
        throw badRequest(`Invalid requests[${i}].attributesToRetrieve`);
      }
      const rec = engine.find(indexName)?.get(objectID);
      return rec ? retrieve(rec, (attrs as string[] | undefined) ?? ['*']) : null;
    });
    return { results };
  });


  app.get<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID', async (req) => {
    const rec = engine.get(req.params.indexName).get(req.params.objectID);
    if (!rec) throw new ApiError(404, 'ObjectID does not exist');
    const attrs = (req.query as Record<string, unknown>).attributesToRetrieve;
    const list = typeof attrs === 'string' && attrs !== '' ? (attrs.startsWith('[') ? parseJsonList(attrs) : attrs.split(',')) : ['*'];
    return retrieve(rec, list);
  });


  batchRoute(app, { engine, write });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName', write, async (req, reply) => {
    const body = asObject(req.body);
    const objectID = engine.getOrCreate(req.params.indexName).save(body);
    reply.code(201);
    return { taskID: engine.nextTaskID(), objectID, createdAt: now() };
  });

  app.put<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID', write, async (req) => {
    const body = asObject(req.body);
    const objectID = engine.getOrCreate(req.params.indexName).save({ ...body, objectID: req.params.objectID });
    return { taskID: engine.nextTaskID(), objectID, updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID/partial', write, async (req) => {
    const body = asObject(req.body);
    const q = req.query as Record<string, unknown>;
    const create = q.createIfNotExists === undefined ? true : q.createIfNotExists !== 'false';
    engine.getOrCreate(req.params.indexName).partialUpdate(req.params.objectID, body, create);
    return { taskID: engine.nextTaskID(), objectID: req.params.objectID, updatedAt: now() };
  });

  app.delete<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID', write, async (req) => {
    engine.find(req.params.indexName)?.delete(req.params.objectID);
    return { taskID: engine.nextTaskID(), deletedAt: now() };
  });
}

/** `POST /1/indexes/:indexName/batch` and the multi-index `POST /1/indexes/*\/batch`. */
function batchRoute(app: FastifyInstance, { engine, write }: Pick<RouteContext, 'engine' | 'write'>): void {
  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/batch', write, async (req) => {
    const body = asObject(req.body);
    const requests = asArray(body.requests, 'requests').map((r, i) => {
      const request = asObject(r, `requests[${i}]`);
      const action = request.action;
      if (typeof action !== 'string' || !BATCH_ACTIONS.has(action)) throw badRequest(`Invalid action in requests[${i}]: ${String(action)}`);
      const rbody = action === 'delete' || action === 'clear' ? ((request.body ?? {}) as Obj) : asObject(request.body, `requests[${i}].body`);
      if (['updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject'].includes(action)) {
        const id = rbody.objectID;
        if (typeof id !== 'string' && typeof id !== 'number') throw badRequest(`Missing objectID in requests[${i}]`);
      }
      const indexName = req.params.indexName === '*' ? asName(request.indexName, `requests[${i}].indexName`) : req.params.indexName;
      return { action, body: rbody, indexName };
    });
    const objectIDs: string[] = [];
    const touched = new Set<string>();
    for (const { action, body: b, indexName } of requests) {
      touched.add(indexName);
      if (action === 'delete') {
        engine.delete(indexName);
        continue;
      }
      const index = engine.getOrCreate(indexName);
      const id = b.objectID === undefined ? undefined : String(b.objectID);
      switch (action) {
        case 'addObject':
        case 'updateObject':
          objectIDs.push(index.save(b));
          break;
        case 'partialUpdateObject':
        case 'partialUpdateObjectNoCreate':
          index.partialUpdate(id!, b, action === 'partialUpdateObject');
          objectIDs.push(id!);
          break;
        case 'deleteObject':
          index.delete(id!);
          objectIDs.push(id!);
          break;
        case 'clear':
          index.clear();
          break;
      }
    }
    if (req.params.indexName === '*') {
      const taskID: Record<string, number> = {};
      for (const name of touched) taskID[name] = engine.nextTaskID();
      return { taskID, objectIDs };
    }
    return { taskID: engine.nextTaskID(), objectIDs };
  });
}

function parseJsonList(s: string): string[] {
  try {
    const v: unknown = JSON.parse(s);
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
  } catch {
    // fall through
  }
  throw badRequest('Invalid value for parameter attributesToRetrieve');
}
