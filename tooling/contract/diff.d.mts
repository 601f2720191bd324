/** Types of ./diff.mjs (the contract gate's classifier). */
export interface ContractChange { kind: 'breaking' | 'minor'; event: string; path: string; message: string }
export interface ContractLike { version: string; events: Record<string, unknown> }
export function diffContracts(published: ContractLike, candidate: ContractLike): ContractChange[];
export function parseVersion(v: string): [number, number, number];
export function judgeContract(published: ContractLike, candidate: ContractLike): { ok: boolean; changes: ContractChange[]; problems: string[] };
