// The band join's SQL (issue #42), DuckDB's dialect; docs/scale.md has it in Spark SQL. Tables, each
// built from the one before and spilled to disk past memory:
//   entries        (band, key, doc): a document's super shingle of each band, or each value of its
//                  prefix (band 0) for the prefix step
//   runs           (band, key, m): the keys m ≥ 2 documents share
//   short_entries  the entries of runs of at most the exact bound; long_entries the others
//   cand           (i, j, first_key): the pairs sharing a key of a short run, each once, with the first key
//                  (band · 2^32 + key) they share: where the in-memory step would compare them
//   passing        the pairs whose estimated resemblance reaches the threshold

/** Builds entries, runs, short_entries and long_entries. `prefix[k]` is prefixLength(k + 1, T). */
export function entriesSql(candidates: 'prefix' | 'super', prefix: readonly number[], bound: number): string[] {
  const entries =
    candidates === 'super'
      ? 'SELECT unnest(range(len(bands)))::INTEGER AS band, unnest(bands) AS key, doc FROM docs'
      : `SELECT 0 AS band, unnest(min[1:[${prefix.join(',')}][len(min)]]) AS key, doc FROM docs`;
  const part = (name: string, cmp: string) =>
    `CREATE TABLE ${name} AS SELECT e.band, e.key, e.doc FROM entries e SEMI JOIN (SELECT band, key FROM runs WHERE m ${cmp} ${bound}) r ON e.band = r.band AND e.key = r.key`;
  return [
    `CREATE TABLE entries AS ${entries}`,
    'CREATE TABLE runs AS SELECT band, key, count(*) AS m FROM entries GROUP BY band, key HAVING count(*) > 1',
    part('short_entries', '<='),
    part('long_entries', '>'),
    'DROP TABLE entries',
  ];
}

/**
 * Builds cand and passing. The estimate is lib's mergeResemblance on compact values: of the union's
 * `size` smallest values (all of it when smaller), the share in both sketches; compared as a DOUBLE
 * with the threshold parsed from its shortest decimal, so each pair is decided as in memory.
 */
export function passingSql(size: number, threshold: number): string[] {
  const t = `'${threshold}'::DOUBLE`;
  return [
    `CREATE TABLE cand AS SELECT a.doc AS i, b.doc AS j, min(a.band::BIGINT * 4294967296 + a.key) AS first_key
     FROM short_entries a JOIN short_entries b ON a.band = b.band AND a.key = b.key AND a.doc < b.doc GROUP BY a.doc, b.doc`,
    // Shared values over the union's size bound the estimate from above: most pairs (values that met by
    // chance) fail that first, and only the rest pay for the sorted union.
    `CREATE TABLE passing AS SELECT first_key, i, j FROM (
       SELECT *, list_sort(list_distinct(list_concat(xm, ym))) AS u FROM (
         SELECT c.first_key, c.i, c.j, x.min AS xm, y.min AS ym, list_intersect(x.min, y.min) AS common
         FROM cand c JOIN docs x ON x.doc = c.i JOIN docs y ON y.doc = c.j)
       WHERE len(common)::DOUBLE / least(${size}, len(xm) + len(ym) - len(common)) >= ${t})
     WHERE len(list_filter(common, v -> v <= u[least(${size}, len(u))]))::DOUBLE / least(${size}, len(u)) >= ${t}`,
  ];
}

/** The passing pairs (i, j) and the long runs (their members, ascending), in key order. */
export function eventsSql(): string {
  return `SELECT i, j, NULL::INTEGER[] AS run, first_key FROM passing
    UNION ALL SELECT NULL, NULL, list(doc ORDER BY doc), band::BIGINT * 4294967296 + key FROM long_entries GROUP BY band, key
    ORDER BY first_key`;
}
