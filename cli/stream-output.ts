/**
 * Output too big for one string: V8 caps a string near 512 M characters, which a 30 M-document run's
 * clusters pass. These write as they go, in chunks of about 1 MB, and print exactly what
 * `JSON.stringify(value, null, 2)` (writeJson) and `lines.join('\n')` (writeLines) would.
 */
const CHUNK = 1 << 20;

export class ChunkedWriter {
  private buf = '';
  constructor(private readonly write: (s: string) => void = (s) => void process.stdout.write(s)) {}

  add(s: string): void {
    this.buf += s;
    if (this.buf.length >= CHUNK) this.flush();
  }

  flush(): void {
    if (this.buf) this.write(this.buf);
    this.buf = '';
  }
}

/** `{"<key>": [items...], ...extra}` pretty-printed as writeJson prints it, one item at a time. */
export class JsonArrayDocument {
  private count = 0;
  constructor(
    key: string,
    private readonly out = new ChunkedWriter(),
  ) {
    out.add(`{\n  ${JSON.stringify(key)}: [`);
  }

  item(value: unknown): void {
    this.out.add(`${this.count++ ? ',' : ''}\n    ${indented(value)}`);
  }

  /** Closes the array, adds `extra`'s keys after it, and ends the document. */
  end(extra: Record<string, unknown> = {}): void {
    this.out.add(this.count ? '\n  ]' : ']');
    for (const [k, v] of Object.entries(extra)) this.out.add(`,\n  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, '\n  ')}`);
    this.out.add('\n}\n');
    this.out.flush();
  }
}

/**
 * JSON.stringify(value, null, 2) indented as an item of the array, written out by hand for a list of
 * strings (a cluster's names: 200,000 of them were a tenth of a second through the general path).
 */
function indented(value: unknown): string {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    let s = '[';
    for (let i = 0; i < value.length; i++) s += `${i ? ',' : ''}\n      ${JSON.stringify(value[i])}`;
    return `${s}\n    ]`;
  }
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');
}

/** Lines on stdout as writeLines prints them, written in chunks. */
export function writeLinesChunked(lines: Iterable<string>, out = new ChunkedWriter()): void {
  for (const line of lines) out.add(`${line}\n`);
  out.flush();
}
