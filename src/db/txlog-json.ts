/// The text of a tx-log table's value, as Pact 4 stores it: a JSON array of records
/// `{"value":<row json>,"key":"<key>","table":"<table id>"}`, one per write, in write order.
import type { TxLogEntry } from './pactdb.ts';
import { encodeString } from '../values/json.ts';

/// A record read back: the row's JSON text is kept verbatim, so numbers keep their digits.
export interface StoredRecord {
  readonly table: string;
  readonly key: string;
  readonly json: string;
}

/// The JSON array of the given writes; each entry's `json` is its row's stored text.
export function encodeTxRecords(entries: readonly TxLogEntry[]): string {
  let out = '[';
  for (let i = 0; i < entries.length; i++) out += (i === 0 ? '' : ',') + encodeTxRecord(entries[i]!);
  return out + ']';
}

/// One record: `{"value":<row json>,"key":"<key>","table":"<table id>"}`.
export function encodeTxRecord(e: { readonly table: string; readonly key: string; readonly json?: string }): string {
  return `{"value":${e.json},"key":${encodeString(e.key)},"table":${encodeString(e.table)}}`;
}

/// Splits a stored array back into its records; throws on text that is not such an array.
export function parseTxRecords(text: string): StoredRecord[] {
  const s = new Scanner(text);
  const out: StoredRecord[] = [];
  s.expect('[');
  if (s.peek() === ']') return out;
  for (;;) {
    out.push(s.record());
    if (s.peek() === ',') s.expect(',');
    else break;
  }
  s.expect(']');
  return out;
}

// A scanner over one record array. It delimits JSON values without parsing them, because a
// row's text must come back byte for byte.
class Scanner {
  readonly #text: string;
  #pos = 0;

  constructor(text: string) {
    this.#text = text;
  }

  peek(): string {
    this.#skipWs();
    return this.#text.charAt(this.#pos);
  }

  expect(c: string): void {
    if (this.peek() !== c) this.#fail();
    this.#pos++;
  }

  record(): StoredRecord {
    let table: unknown;
    let key: unknown;
    let json: string | undefined;
    this.expect('{');
    for (;;) {
      const name: unknown = JSON.parse(this.#value());
      this.expect(':');
      const raw = this.#value();
      if (name === 'value') json = raw;
      else if (name === 'key') key = JSON.parse(raw);
      else if (name === 'table') table = JSON.parse(raw);
      if (this.peek() !== ',') break;
      this.#pos++;
    }
    this.expect('}');
    if (typeof table !== 'string' || typeof key !== 'string' || json === undefined) this.#fail();
    return { table, key, json };
  }

  // The text of the JSON value at the cursor.
  #value(): string {
    const t = this.#text;
    this.#skipWs();
    const start = this.#pos;
    let depth = 0;
    do {
      const c = t.charAt(this.#pos);
      if (c === '') this.#fail();
      if (c === '"') this.#skipString();
      else {
        if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
        else if (depth === 0) {
          this.#skipScalar();
          continue;
        }
        this.#pos++;
      }
    } while (depth > 0);
    return t.slice(start, this.#pos);
  }

  #skipString(): void {
    const t = this.#text;
    for (let i = this.#pos + 1; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 0x5c) i++;
      else if (c === 0x22) {
        this.#pos = i + 1;
        return;
      }
    }
    this.#fail();
  }

  // A number, true, false or null: everything up to the next delimiter.
  #skipScalar(): void {
    const t = this.#text;
    const start = this.#pos;
    while (this.#pos < t.length && !/[\s,\]}:]/.test(t.charAt(this.#pos))) this.#pos++;
    if (this.#pos === start) this.#fail();
  }

  #skipWs(): void {
    while (/\s/.test(this.#text.charAt(this.#pos))) this.#pos++;
  }

  #fail(): never {
    throw new Error(`malformed tx log at offset ${this.#pos}: ${this.#text.slice(0, 80)}`);
  }
}
