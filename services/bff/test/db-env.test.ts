/**
 * Shopper data is durable (DEVELOPERS.md): the server's database choice never falls back to
 * memory, and asking for it is refused with a reason.
 */
import { createDbFromEnv, DEFAULT_PGLITE_DATA_DIR } from '../src/db';

describe('createDbFromEnv', () => {
  it('refuses an in-memory PGlite (PGLITE_DATA_DIR=memory://) and names the durable choices', async () => {
    await expect(createDbFromEnv({ PGLITE_DATA_DIR: 'memory://' })).rejects.toThrow(
      `PGLITE_DATA_DIR=memory://: the BFF keeps shopper data durable; give a folder (or leave it unset for ${DEFAULT_PGLITE_DATA_DIR}), or DATABASE_URL.`,
    );
  });
});
