/**
 * The BFF on PostgreSQL survives the server ending a connection (a restart, a failover; error 57P01):
 * the pool logs it and opens a new connection for the next query, instead of crashing the process on
 * an unhandled 'error' event (node-postgres: "you must handle errors on the pool"). PostgreSQL pass only.
 */
import { Client } from 'pg';
import { createPgDb } from '../src/db';
import { createTestDatabase, TEST_DB } from './harness';

const describePg = TEST_DB === 'pg' ? describe : describe.skip;

describePg('createPgDb on PostgreSQL', () => {
  it('keeps answering after the server terminates its idle connections', async () => {
    const database = await createTestDatabase();
    const db = createPgDb(database.url);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(db.query<{ one: number }>('SELECT 1 AS one')).resolves.toEqual({ rows: [{ one: 1 }] });
      const admin = new Client({ connectionString: process.env.BFF_TEST_DATABASE_URL });
      await admin.connect();
      const name = new URL(database.url).pathname.slice(1);
      const { rows } = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1', [name]);
      await admin.end();
      expect(rows.length).toBeGreaterThan(0);
      // the pool hears of it on the idle connection (an 'error' event), logs it, and does not throw
      await new Promise((resolve) => { setTimeout(resolve, 200); });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('57P01'));
      await expect(db.query<{ one: number }>('SELECT 1 AS one')).resolves.toEqual({ rows: [{ one: 1 }] });
    } finally {
      warn.mockRestore();
      await db.close();
      await database.drop();
    }
  });
});
