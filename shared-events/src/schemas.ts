/**
 * The bus contract as JSON Schema (for the contract gate): one schema per event payload, generated
 * from the zod catalogue (src/catalogue.ts), plus which event writes each state stream (src/bus.ts).
 * Published per version by the release (`npm run contract -w shared-events -- --publish` writes
 * contract/schemas/<version>.json); the gate (tooling/contract/gate.mjs) diffs a candidate against it.
 * Not imported by the browser bundle (its own export path, `shared-events/schemas`).
 */
import { toJSONSchema } from 'zod/v4/core';
import { busEventSchema } from './catalogue';
import { BUS_VERSION } from './bus';

/** A JSON Schema (draft 2020-12) object, as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/** The published contract of one shared-events version. */
export interface BusContract {
  /** The shared-events version, e.g. '1.4.0'. */
  version: string;
  /** Event type → JSON Schema of its payload (FSA `payload`). */
  events: Record<string, JsonSchema>;
  /** State stream → the events that write it (ARCHITECTURE §3: state streams are written by events only). */
  state: Record<string, string[]>;
}

/** Which events write each state stream of `bus.state` (src/bus.ts `publish`). */
const STATE_WRITERS: Record<string, string[]> = {
  session: ['session/changed'],
  store: ['store/changed'],
  listCount: ['list/count-changed'],
  listItemIds: ['list/count-changed'],
  consent: ['consent/changed'],
  popup: ['popup/open', 'popup/closed'],
};

/**
 * The contract of the catalogue as built: every event's payload schema (sorted by type) and the state writers.
 * @returns {BusContract} with `version` = BUS_VERSION
 */
export function busContract(): BusContract {
  const events: Record<string, JsonSchema> = {};
  const options = busEventSchema.def.options as unknown as Array<{ def: { shape: { type: { def: { values: string[] } }; payload: unknown } } }>;
  for (const option of [...options].sort((a, b) => a.def.shape.type.def.values[0].localeCompare(b.def.shape.type.def.values[0]))) {
    const schema = toJSONSchema(option.def.shape.payload as Parameters<typeof toJSONSchema>[0]) as JsonSchema;
    delete schema.$schema;
    events[option.def.shape.type.def.values[0]] = schema;
  }
  return { version: BUS_VERSION, events, state: STATE_WRITERS };
}
