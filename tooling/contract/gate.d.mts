/** Types of ./gate.mjs (the contract gate). */
import type { ContractLike } from './diff.mjs';
import type { Party } from './declarations.mjs';
export const SCHEMAS_DIR: string;
export function publishedContracts(dir?: string): ContractLike[];
export function parties(): Party[];
export function runGate(o: { candidate: ContractLike; published?: ContractLike | null; parties?: Party[]; history?: ContractLike[] }): { ok: boolean; lines: string[] };
