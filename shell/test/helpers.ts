/**
 * What the edge's tests share: the port a test server got, and the answer a shopper's page gets
 * from an edge whose BFF does not answer.
 */
import type { FastifyInstance } from 'fastify';

/** The port a listening fastify app got (the tests listen on port 0). */
export const portOf = (app: FastifyInstance): number => (app.server.address() as { port: number }).port;

/**
 * POSTs `/api/bannerAlert` (JSON `body`) to a listening edge whose BFF is down and checks the answer:
 * 502 with the JSON reason, never an HTML page or a hang.
 */
export async function expectBffDownAnswer(edge: FastifyInstance, body = '{}'): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${portOf(edge)}/api/bannerAlert`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect(res.status).toBe(502);
  expect(await res.json()).toEqual({ error: 'Bad Gateway', message: 'The BFF did not answer.' });
}
