/// Line and column numbers the way Pact's parser (trifecta) counts them: lines end at `\n` only;
/// a column is one character (a code point, not a UTF-16 unit), and a TAB moves to the next
/// multiple of 8.

/// A 0-based line and column.
export interface LineCol {
  line: number;
  col: number;
}

/// Turns increasing offsets of one text into line/column, scanning each character once.
export class Positions {
  private readonly text: string;
  private pos = 0;
  private line = 0;
  private col = 0;

  constructor(text: string) {
    this.text = text;
  }

  /// Moves to `offset` (normally never backwards; going back rescans from the start).
  moveTo(offset: number): void {
    if (offset < this.pos) this.pos = this.line = this.col = 0;
    const text = this.text;
    let { line, col } = this;
    for (let i = this.pos; i < offset; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        col = 0;
      } else if (c === 9) {
        col = (col >> 3 << 3) + 8;
      } else if (c < 0xdc00 || c > 0xdfff) {
        // The second half of a surrogate pair belongs to the character already counted.
        col++;
      }
    }
    this.pos = offset;
    this.line = line;
    this.col = col;
  }

  /// The 0-based line at the last `moveTo` offset.
  get currentLine(): number {
    return this.line;
  }

  /// The 0-based column at the last `moveTo` offset.
  get currentCol(): number {
    return this.col;
  }
}

/// The 0-based line and column of `offset` in `text`.
export function locate(text: string, offset: number): LineCol {
  const p = new Positions(text);
  p.moveTo(offset);
  return { line: p.currentLine, col: p.currentCol };
}
