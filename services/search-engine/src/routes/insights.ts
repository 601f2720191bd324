/** Insights events and the top-searches analytics. */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { validateEvents, type InsightEventType } from '../insights';
import { asName, type RouteContext } from './common';

/** `POST|GET /1/events`, `GET /2/searches`. */
export function insightsRoutes(app: FastifyInstance, { storage }: RouteContext): void {
  app.post('/1/events', async (req) => {
    await storage.insights.add(validateEvents(req.body));
    return { status: 200, message: 'OK' };
  });

  app.get('/1/events', { config: { write: true } }, async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const limit = q.limit === undefined ? undefined : Number(q.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) throw badRequest('limit must be between 1 and 1000');
    if (q.eventType !== undefined && !['click', 'view', 'conversion'].includes(q.eventType)) throw badRequest('Invalid eventType');
    return {
      events: await storage.insights.list({ index: q.index, eventType: q.eventType as InsightEventType | undefined, userToken: q.userToken, queryID: q.queryID, limit }),
    };
  });

  app.get('/2/searches', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const index = asName(q.index, 'index');
    const int = (name: 'limit' | 'offset'): number | undefined => {
      if (q[name] === undefined || q[name] === '') return undefined;
      const n = Number(q[name]);
      if (!Number.isInteger(n)) throw badRequest(`${name} must be an integer`);
      return n;
    };
    return { searches: await storage.analytics.topSearches(index, { limit: int('limit'), offset: int('offset'), startDate: q.startDate, endDate: q.endDate }) };
  });
}
