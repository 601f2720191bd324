/**
 * Contract check (ARCHITECTURE §3): within a major version, events may be added but never removed,
 * and a field that existed may not disappear. `contract/v1.json` is the published v1 contract;
 * adding an event means adding it there too (minor); this test fails a build that breaks it.
 */
import { busEventSchema, EVENT_TYPES, BUS_VERSION } from './index';
import contract from '../contract/v1.json';

type Shape = { def: { shape?: Record<string, unknown> } };

describe('bus contract v1', () => {
  it('is the contract of the current major version', () => {
    expect(BUS_VERSION.split('.')[0]).toBe(String(contract.major));
  });

  it.each(Object.entries(contract.events))('still carries %s with its payload fields', (type, fields) => {
    expect(EVENT_TYPES).toContain(type);
    const option = busEventSchema.def.options.find((o) => (o.def.shape.type as unknown as { def: { values: string[] } }).def.values[0] === type)!;
    const payload = option.def.shape.payload as unknown as Shape;
    const actual = Object.keys(payload.def.shape ?? {});
    for (const f of fields as string[]) expect(actual).toContain(f);
  });
});
