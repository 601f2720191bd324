import { badRequest } from './errors';

/**
 * Parsed filter expression (Algolia `filters` syntax subset).
 *
 * - `facet`: `attr:value` / `attr:"quoted value"` — matches when the attribute (or any element of an
 *   array attribute) equals `value`, case-insensitively.
 * - `num`: `attr <op> n` with op one of `<`, `<=`, `>`, `>=`, `=`, `!=` — numeric comparison; array
 *   attributes match when any element satisfies it (`!=` is the complement of `=`).
 * - `range`: `attr:lo TO hi` — inclusive numeric range.
 * - `and` / `or` / `not`: boolean combinations (`AND`, `OR`, `NOT`, parentheses).
 */
export type FilterNode =
  | { type: 'and'; children: FilterNode[] }
  | { type: 'or'; children: FilterNode[] }
  | { type: 'not'; child: FilterNode }
  | { type: 'facet'; attr: string; value: string }
  | { type: 'num'; attr: string; op: NumericOp; value: number }
  | { type: 'range'; attr: string; lo: number; hi: number };

/** Numeric comparison operators accepted in filters. */
export type NumericOp = '<' | '<=' | '>' | '>=' | '=' | '!=';

type TokenKind = 'word' | 'string' | 'lparen' | 'rparen' | 'colon' | 'op' | 'eof';
interface Token {
  kind: TokenKind;
  text: string;
  /** 1-based column of the token's first character. */
  col: number;
}

const WORD_STOP = new Set([' ', '\t', '\n', '\r', '(', ')', ':', '<', '>', '=', '!', '"', "'"]);
const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);

function tokenize(src: string, label: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const col = i + 1;
    if (c === '(') {
      tokens.push({ kind: 'lparen', text: c, col });
      i++;
    } else if (c === ')') {
      tokens.push({ kind: 'rparen', text: c, col });
      i++;
    } else if (c === ':') {
      tokens.push({ kind: 'colon', text: c, col });
      i++;
    } else if (c === '<' || c === '>' || c === '=' || c === '!') {
      const two = src.slice(i, i + 2);
      if (two === '<=' || two === '>=' || two === '!=') {
        tokens.push({ kind: 'op', text: two, col });
        i += 2;
      } else if (c === '!') {
        throw badRequest(`${label}: Unexpected token '!' expected '!=' at col ${col}`);
      } else {
        tokens.push({ kind: 'op', text: c, col });
        i++;
      }
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          text += src[j + 1];
          j += 2;
        } else {
          text += src[j];
          j++;
        }
      }
      if (j >= src.length) throw badRequest(`${label}: Unterminated string starting at col ${col}`);
      tokens.push({ kind: 'string', text, col });
      i = j + 1;
    } else {
      let j = i;
      while (j < src.length && !WORD_STOP.has(src[j])) j++;
      tokens.push({ kind: 'word', text: src.slice(i, j), col });
      i = j;
    }
  }
  tokens.push({ kind: 'eof', text: '', col: src.length + 1 });
  return tokens;
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of filter';
    case 'string':
      return `string("${t.text}")`;
    case 'word':
      return KEYWORDS.has(t.text) ? t.text : `word(${t.text})`;
    default:
      return `'${t.text}'`;
  }
}

/** Maximum nesting of parentheses / NOT in one filter expression. */
const MAX_DEPTH = 64;

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly label: string,
  ) {}

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private next(): Token {
    return this.tokens[this.pos++];
  }

  private fail(t: Token, expected: string): never {
    throw badRequest(`${this.label}: Unexpected token ${describe(t)} expected ${expected} at col ${t.col}`);
  }

  private isKeyword(t: Token, kw: string): boolean {
    return t.kind === 'word' && t.text === kw;
  }

  parse(): FilterNode {
    const node = this.parseOr();
    const t = this.peek();
    if (t.kind !== 'eof') this.fail(t, 'AND, OR or end of filter');
    return node;
  }

  private parseOr(): FilterNode {
    return this.parseJoined('OR', () => this.parseAnd());
  }

  private parseAnd(): FilterNode {
    return this.parseJoined('AND', () => this.parseUnary());
  }

  /** `operand (keyword operand)*`: a single operand as is, more under one 'or' / 'and' node. */
  private parseJoined(keyword: 'OR' | 'AND', operand: () => FilterNode): FilterNode {
    const children = [operand()];
    while (this.isKeyword(this.peek(), keyword)) {
      this.next();
      children.push(operand());
    }
    if (children.length === 1) return children[0];
    return keyword === 'OR' ? { type: 'or', children } : { type: 'and', children };
  }

  private parseUnary(): FilterNode {
    const t = this.peek();
    if (this.isKeyword(t, 'NOT') || t.kind === 'lparen') {
      if (++this.depth > MAX_DEPTH) throw badRequest(`${this.label}: Expression nested too deeply at col ${t.col}`);
      this.next();
      let node: FilterNode;
      if (t.kind === 'lparen') {
        node = this.parseOr();
        const close = this.next();
        if (close.kind !== 'rparen') this.fail(close, "')'");
      } else {
        node = { type: 'not', child: this.parseUnary() };
      }
      this.depth--;
      return node;
    }
    return this.parseCondition();
  }

  private parseNumber(expected = 'numeric value'): number {
    const t = this.next();
    if (t.kind !== 'word' && t.kind !== 'string') this.fail(t, expected);
    const n = Number(t.text);
    if (t.text.trim() === '' || !Number.isFinite(n)) this.fail(t, expected);
    return n;
  }

  private parseCondition(): FilterNode {
    const attrTok = this.next();
    if (!((attrTok.kind === 'word' && !KEYWORDS.has(attrTok.text)) || attrTok.kind === 'string') || attrTok.text === '') {
      this.fail(attrTok, 'attribute name');
    }
    const attr = attrTok.text;
    const opTok = this.next();
    if (opTok.kind === 'colon') {
      const valTok = this.next();
      if (valTok.kind !== 'word' && valTok.kind !== 'string') this.fail(valTok, 'value');
      if (this.isKeyword(this.peek(), 'TO')) {
        const lo = Number(valTok.text);
        if (valTok.text.trim() === '' || !Number.isFinite(lo)) this.fail(valTok, 'numeric value');
        this.next();
        const hi = this.parseNumber();
        return { type: 'range', attr, lo, hi };
      }
      return { type: 'facet', attr, value: valTok.text };
    }
    if (opTok.kind === 'op') {
      const value = this.parseNumber();
      return { type: 'num', attr, op: opTok.text as NumericOp, value };
    }
    return this.fail(opTok, "':' or comparison operator");
  }
}

/**
 * Parses an Algolia `filters` string. Throws a 400 {@link ApiError} such as
 * `filters: Unexpected token word(foo) expected AND, OR or end of filter at col 12` on bad syntax.
 *
 * @param src - The filter expression, e.g. `storeIds:3299 AND (banners:standard OR NOT price > 10)`.
 * @param label - Prefix used in error messages (`filters`, `numericFilters`).
 */
export function parseFilters(src: string, label = 'filters'): FilterNode {
  return new Parser(tokenize(src, label), label).parse();
}

/**
 * Converts one `facetFilters` item (`attr:value`, `-attr:value` for negation) into a node.
 * Everything after the first `:` is the value, verbatim.
 */
export function parseFacetFilter(item: string): FilterNode {
  let s = item;
  let negate = false;
  if (s.startsWith('-')) {
    negate = true;
    s = s.slice(1);
  } else if (s.startsWith('\\-')) {
    s = s.slice(1);
  }
  const idx = s.indexOf(':');
  if (idx <= 0) throw badRequest(`facetFilters: Invalid facet filter "${item}", expected attribute:value`);
  let value = s.slice(idx + 1);
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  const node: FilterNode = { type: 'facet', attr: s.slice(0, idx).trim(), value };
  return negate ? { type: 'not', child: node } : node;
}

/** `facetFilters` / `numericFilters` shape: a string, or an array whose nested arrays are ORed. */
export type FilterList = string | Array<string | string[]>;

/**
 * Converts a `facetFilters` or `numericFilters` list to a node: top-level items are ANDed, nested
 * arrays are ORed.
 *
 * @param list - The list as sent by the client.
 * @param one - Parser for one item.
 */
export function parseFilterList(list: FilterList, one: (item: string) => FilterNode): FilterNode | undefined {
  const items = typeof list === 'string' ? [list] : list;
  const children: FilterNode[] = [];
  for (const item of items) {
    if (Array.isArray(item)) {
      if (item.length === 0) continue;
      const ors = item.map((x) => one(String(x)));
      children.push(ors.length === 1 ? ors[0] : { type: 'or', children: ors });
    } else {
      children.push(one(String(item)));
    }
  }
  if (children.length === 0) return undefined;
  return children.length === 1 ? children[0] : { type: 'and', children };
}
