/** Types of ./run-service.mjs. */
export function runService(
  build: () => { listen(o: { port: number; host: string }): Promise<unknown>; close(): Promise<unknown> },
  where: { port: number; host?: string },
): Promise<void>;
