import { describe, expect, it } from 'vitest';
import { ChunkedWriter, JsonArrayDocument, writeLinesChunked } from '../../cli/stream-output';

function capture(): { out: ChunkedWriter; text: () => string } {
  let s = '';
  return { out: new ChunkedWriter((x) => void (s += x)), text: () => s };
}

describe('streamed output', () => {
  it.each([
    [[], {}],
    [[['a']], {}],
    [[['a', 'b'], ['c'], ['d "quoted"', 'e\nnew line']], { stats: { documents: 3, bytesPerDocument: { sketches: 1.5 } } }],
    [[[], [1, 2], ['x', 1], ['\u0001é'], { a: ['b'] }], {}], // lists of names go by hand; anything else through JSON.stringify
  ])('prints exactly what JSON.stringify(value, null, 2) prints (%j)', (clusters, extra) => {
    const { out, text } = capture();
    const doc = new JsonArrayDocument('clusters', out);
    for (const c of clusters) doc.item(c);
    doc.end(extra);
    expect(text()).toBe(`${JSON.stringify({ clusters, ...extra }, null, 2)}\n`);
  });

  it('writes a large output in chunks, never as one string', () => {
    const chunks: string[] = [];
    const doc = new JsonArrayDocument('clusters', new ChunkedWriter((x) => void chunks.push(x)));
    for (let i = 0; i < 200_000; i++) doc.item([`/corpus/documents/${i}.txt`]);
    doc.end();
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(2 ** 21);
    expect(JSON.parse(chunks.join('')).clusters).toHaveLength(200_000);
  });

  it('prints lines as writeLines does', () => {
    const { out, text } = capture();
    writeLinesChunked(['one', '', 'three'], out);
    expect(text()).toBe('one\n\nthree\n');
  });
});
