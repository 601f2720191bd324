/** Types of ./declarations.mjs (who publishes and consumes which bus event, issue 18). */
export interface Party { name: string; publishes: string[]; consumes: string[]; srcDir?: string; host?: boolean }
export function scanBusUse(srcDir: string): { publishes: Map<string, string>; consumes: Map<string, string> };
export function checkDeclarations(o: { events: Iterable<string>; parties: Party[] }): string[];
