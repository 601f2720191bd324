/** Indices: list, settings, tasks, clear, copy/move, delete. */
import type { FastifyInstance } from 'fastify';
import type { IndexSettings, OperationParams } from '../engine';
import { ApiError, badRequest } from '../errors';
import { asObject, now, type P, type RouteContext } from './common';

/** `GET /1/indexes`, settings, tasks, `clear`, `operation`, `DELETE /1/indexes/:indexName`. */
export function indexRoutes(app: FastifyInstance, { engine, write }: RouteContext): void {
  app.get('/1/indexes', async (req) => {
    const q = req.query as Record<string, unknown>;
    const items = engine.list();
    const hpp = q.hitsPerPage !== undefined ? Number(q.hitsPerPage) : undefined;
    const page = q.page !== undefined ? Number(q.page) : undefined;
    if (hpp !== undefined && page !== undefined) {
      if (!Number.isInteger(hpp) || hpp < 1 || !Number.isInteger(page) || page < 0) throw badRequest('Invalid page or hitsPerPage');
      return { items: items.slice(page * hpp, (page + 1) * hpp), nbPages: Math.ceil(items.length / hpp) };
    }
    return { items, nbPages: 1 };
  });

  app.get<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/settings', async (req) => engine.get(req.params.indexName).getSettings());

  const taskStatus = (taskID: string) => {
    if (!engine.knowsTask(Number(taskID))) throw new ApiError(404, 'Task does not exist');
    return { status: 'published' as const, pendingTask: false };
  };
  app.get<{ Params: Pick<P, 'indexName' | 'taskID'> }>('/1/indexes/:indexName/task/:taskID', async (req) => taskStatus(req.params.taskID));
  app.get<{ Params: Pick<P, 'taskID'> }>('/1/task/:taskID', async (req) => taskStatus(req.params.taskID));


  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/clear', write, async (req) => {
    engine.getOrCreate(req.params.indexName).clear();
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/operation', write, async (req) => {
    const body = asObject(req.body) as unknown as OperationParams;
    engine.operation(req.params.indexName, body);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.put<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/settings', write, async (req) => {
    const body = asObject(req.body) as IndexSettings;
    engine.getOrCreate(req.params.indexName).setSettings(body);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.delete<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName', write, async (req) => {
    engine.delete(req.params.indexName);
    return { taskID: engine.nextTaskID(), deletedAt: now() };
  });
}
