/** Test double of `../insights` (`jest.mock('../api/insights')`): one `send` mock for every sender, so a test reads it with `(createInsightsSender as jest.Mock)()`. */
import type { InsightsSender } from '../insights';

const send = jest.fn<Promise<void>, Parameters<InsightsSender>>(async () => undefined);
export const createInsightsSender = jest.fn((): InsightsSender => send);
