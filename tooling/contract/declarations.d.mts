/** Types of ./declarations.mjs (who publishes and consumes which bus event). */
export interface Party { name: string; publishes: string[]; consumes: string[]; srcDir?: string; host?: boolean; range?: string }
export function scanBusUse(srcDir: string): { publishes: Map<string, string>; consumes: Map<string, string> };
export function checkDeclarations(o: { events: Iterable<string>; parties: Party[] }): string[];
export function eventSince(contracts: Array<{ version: string; events: Record<string, unknown> }>): Map<string, string>;
export function checkRequiredVersions(o: { events: Map<string, string>; parties: Party[] }): string[];
