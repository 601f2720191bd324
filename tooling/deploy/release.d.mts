/** Types of ./release.mjs (a squad's release and rollback). */
export const deployRef: (remote: string, version: string) => string;
export function release(o: { remote: string; env?: string; dir?: string; skipBuild?: boolean; skipTests?: boolean; skipTypes?: boolean; skipSmoke?: boolean; buildDir?: string; version?: string; log?: (line: string) => void }): { version: string; from: string | null; to: string };
export function rollbackRemote(o: { remote: string; env?: string; dir?: string; log?: (line: string) => void }): { from: string; to: string | null };
