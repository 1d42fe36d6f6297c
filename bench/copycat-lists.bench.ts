/**
 * Issue #28: imported copycat lists at the size subscriptions bring (250,000 sites). Measured in Node on
 * lib's code, each against its peer in the same run:
 * - rebuilding the results pages' table after an evidence write (what every checked results page costs)
 *   with a 250,000-site list, against the judge that read every listed site into the per-site table
 *   and looked each up with `Array.includes` (issue #19's; at 20,000 sites, since at 250,000 it takes
 *   over a minute);
 * - looking a result's host up in the packed list (bisection over one string), against a `Set` built
 *   from the same list (which a results page would have to build first: its build time is printed too).
 * Flags: --json (one JSON object last, key `copycatLists`), --quick.
 */
import { judgeSites } from '../lib/copycat/copycat';
import { type Evidence, evidenceOf } from '../lib/copycat/evidence';
import { hasSite, packSites } from '../lib/copycat/listed';
import { copycatTable } from '../lib/copycat/table';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const QUICK = args.includes('--quick');
const RULE = { minOriginals: 3, minSites: 2 };
const T = { resemblance: 0.5, containment: 0.8 };

const sites = (n: number) => Array.from({ length: n }, (_, i) => `s${i.toString(36)}.example`);

/** 2,000 records, as a full evidence store holds, naming some listed sites. */
const evidence: Evidence[] = Array.from(
  { length: 2000 },
  (_, i) =>
    evidenceOf(
      {
        a: { url: `https://o${i % 50}.example/${i}`, title: '', rank: 1 },
        b: { url: `https://s${(i * 7).toString(36)}.example/${i}`, title: '', rank: 2 },
        resemblance: 0.9,
        aInB: 0.95,
        bInA: 0.95,
      },
      T,
      i,
      `serp:google:${i % 5}`,
    )!,
);

/** Issue #19's judge: every listed site joined the verdicts, each looked up in every list with includes. */
function oldJudge(lists: { name: string; sites: string[] }[]): number {
  const all = new Set<string>([...evidence.map((e) => e.copy.site), ...lists.flatMap((l) => l.sites)]);
  let flagged = 0;
  for (const site of all) if (lists.filter((l) => l.sites.includes(site)).length) flagged++;
  return flagged;
}

function time<T>(f: () => T, rounds: number): { ms: number; out: T } {
  let out = f();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) out = f();
  return { ms: (performance.now() - t0) / rounds, out };
}

const big = sites(250_000);
const packed = { name: 'big', at: 0, ...packSites(big) };
const packMs = time(() => packSites(big), QUICK ? 1 : 3).ms;
const table = time(() => copycatTable({ evidence, user: { notCopycat: [], marked: [] }, lists: [packed] }, RULE), QUICK ? 3 : 10);
const tableBytes = JSON.stringify(table.out.table).length;

const peerSites = sites(20_000);
const peer = time(() => oldJudge([{ name: 'mid', sites: peerSites }]), 1);
const newAt20k = time(() => judgeSites(evidence, { notCopycat: [], marked: [] }, [{ name: 'mid', at: 0, ...packSites(peerSites) }], RULE), QUICK ? 3 : 10);

const probes = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? big[(i * 7919) % big.length] : `miss${i}.example`));
const lookup = time(() => probes.reduce((n, p) => n + Number(hasSite(packed.sites, p)), 0), QUICK ? 3 : 10);
const setBuild = time(() => new Set(big), QUICK ? 1 : 3);
const set = setBuild.out;
const setLookup = time(() => probes.reduce((n, p) => n + Number(set.has(p)), 0), QUICK ? 3 : 10);

const r = (x: number, d = 2) => Number(x.toFixed(d));
const out = {
  listSites: big.length,
  packedBytes: packed.sites.length,
  packMs: r(packMs),
  tableRebuildMs: r(table.ms),
  tableBytes,
  judgeAt20kMs: r(newAt20k.ms),
  peerJudgeAt20kMs: r(peer.ms),
  speedupAt20k: r(peer.ms / newAt20k.ms, 1),
  lookupUsPerHost: r((lookup.ms * 1000) / probes.length, 3),
  setLookupUsPerHost: r((setLookup.ms * 1000) / probes.length, 3),
  setBuildMs: r(setBuild.ms),
};
console.log(
  `copycat lists (issue #28), ${big.length.toLocaleString('en')} sites, packed ${(packed.sites.length / 1e6).toFixed(2)} MB (packed in ${out.packMs} ms):`,
);
console.log(`  the results pages' table rebuilt after an evidence write (2,000 pairs): ${out.tableRebuildMs} ms, ${out.tableBytes} bytes`);
console.log(
  `  judging with a 20,000-site list: ${out.judgeAt20kMs} ms; issue #19's judge (every listed site, Array.includes): ${out.peerJudgeAt20kMs} ms (${out.speedupAt20k}× faster)`,
);
console.log(
  `  a host looked up in the packed list: ${out.lookupUsPerHost} µs; in a Set: ${out.setLookupUsPerHost} µs, after ${out.setBuildMs} ms to build the Set`,
);
if (JSON_OUT) console.log(JSON.stringify({ copycatLists: out }));
