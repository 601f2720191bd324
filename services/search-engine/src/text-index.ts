/**
 * The full-text index of an index's records (MiniSearch): one field per searchableAttributes entry, boosted
 * by its rank (first ×3 … last ×1), or one field of every attribute when none are set.
 */
import MiniSearch from 'minisearch';
import type { Doc, IndexSettings, SearchField, SearchRecord } from './engine-types';
import { stripModifier } from './records';
import { SEPARATOR, normalizeTerm, textOf, valuesAtPath } from './text';

/** The field name of "every attribute" (no searchableAttributes). */
export const ALL_FIELD = '_all';

/** The fields and the MiniSearch index of the live records (docId = position in `records`). */
export function buildTextIndex(records: ReadonlyArray<SearchRecord | undefined>, sa: IndexSettings['searchableAttributes']): { fields: SearchField[]; mini: MiniSearch<Doc> } {
let fields: SearchField[];
  if (Array.isArray(sa) && sa.length > 0) {
    const n = sa.length;
    fields = sa.map((entry, i) => {
      const attrs = stripModifier(entry)
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      return { name: `f${i}`, attrs, paths: attrs.map((a) => a.split('.')), boost: 1 + ((n - 1 - i) * 2) / Math.max(1, n - 1) };
    });
  } else {
    fields = [{ name: ALL_FIELD, attrs: ['*'], paths: [], boost: 1 }];
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  const mini = new MiniSearch<Doc>({
    fields: fields.map((f) => f.name),
    idField: 'id',
    storeFields: [],
    extractField: (doc, fieldName) => {
      if (fieldName === 'id') return doc.id as unknown as string;
      const f = byName.get(fieldName);
      if (!f) return '';
      if (f.name === ALL_FIELD) {
        const rest: Record<string, unknown> = { ...doc.rec };
        delete rest.objectID;
        delete rest._geoloc;
        return textOf(rest);
      }
      let s = '';
      for (const p of f.paths) {
        const t = textOf(valuesAtPath(doc.rec, p));
        if (t) s += (s ? ' ' : '') + t;
      }
      return s;
    },
    tokenize: (text) => text.split(SEPARATOR),
    processTerm: (term) => {
      const t = normalizeTerm(term);
      return t === '' ? null : t;
    },
  });
  const docs: Doc[] = [];
  records.forEach((rec, id) => {
    if (rec) docs.push({ id, rec });
  });
  mini.addAll(docs);
  return { fields, mini };
}
