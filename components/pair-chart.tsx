import { useMemo } from 'preact/hooks';
import { pct, plural, t } from '../shared/i18n';

export interface Pair {
  a: number;
  b: number;
  resemblance: number;
}

/** One column per hundredth: the slider moves by hundredths, so each column lies wholly on one side of the line. */
export const COLUMNS = 100;
/** Squares stacked in a column; a fuller column ends in a marker standing for the rest. */
export const ROWS = 12;
const CELL = 6;
const PAD = 14;
const TOP = 16;
const BASE = TOP + ROWS * CELL;
const W = COLUMNS * CELL + 2 * PAD;
const H = BASE + 16;
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** Float products such as 0.57 × 100 = 56.999… must land in the column the threshold line starts. */
export const columnOf = (r: number): number => Math.min(COLUMNS - 1, Math.max(0, Math.floor(r * COLUMNS + 1e-9)));

export interface Layout {
  cells: { col: number; row: number; pair: Pair }[];
  /** Columns with more pairs than rows: the top row shows `count` pairs not drawn one by one. */
  more: { col: number; row: number; count: number; top: Pair }[];
}

/** Stacks the pairs in columns, the most alike at the bottom of each, so that hovering finds the strongest first. */
export function layoutPairs(pairs: readonly Pair[], rows = ROWS): Layout {
  const cols: Pair[][] = Array.from({ length: COLUMNS }, () => []);
  for (const p of pairs) cols[columnOf(p.resemblance)].push(p);
  const layout: Layout = { cells: [], more: [] };
  cols.forEach((ps, col) => {
    ps.sort((x, y) => y.resemblance - x.resemblance || x.a - y.a || x.b - y.b);
    const shown = ps.length > rows ? rows - 1 : ps.length;
    for (let row = 0; row < shown; row++) layout.cells.push({ col, row, pair: ps[row] });
    if (shown < ps.length) layout.more.push({ col, row: rows - 1, count: ps.length - shown, top: ps[shown] });
  });
  return layout;
}

/** "45 pairs; 4 at or above 50%": the chart's accessible name and caption. */
export function chartSummary(pairs: readonly Pair[], threshold: number): string {
  const above = pairs.reduce((n, p) => n + (p.resemblance >= threshold ? 1 : 0), 0);
  return plural('options_chart_summary', pairs.length, above, pct(threshold));
}

/** Pairs per tenth of the axis (the last tenth includes 100%): the chart as a table. */
export function tenths(pairs: readonly Pair[]): number[] {
  const t = new Array<number>(10).fill(0);
  for (const p of pairs) t[Math.floor(columnOf(p.resemblance) / 10)]++;
  return t;
}

const pairText = (p: Pair) => `#${p.a} × #${p.b}: ${pct(p.resemblance)}`;

/** Every pair's resemblance as a square on a 0–100% axis, with the threshold line; pairs at or above it filled. */
export function PairChart({ pairs, threshold }: { pairs: readonly Pair[]; threshold: number }) {
  const layout = useMemo(() => layoutPairs(pairs), [pairs]);
  const table = useMemo(() => tenths(pairs), [pairs]);
  const summary = chartSummary(pairs, threshold);
  const x = (r: number) => PAD + Math.min(1, Math.max(0, r)) * COLUMNS * CELL;
  const cls = (p: Pair) => (p.resemblance >= threshold ? 'above' : 'below');
  const at = (col: number, row: number) => ({ x: PAD + col * CELL + 0.5, y: BASE - (row + 1) * CELL + 0.5 });
  return (
    <figure class="pair-chart">
      <svg data-testid="pair-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="pair-chart-title">
        <title id="pair-chart-title">{summary}</title>
        <line class="axis" x1={PAD} x2={W - PAD} y1={BASE + 0.5} y2={BASE + 0.5} />
        {TICKS.map((t) => (
          <text key={t} class="tick" x={x(t)} y={H - 3} text-anchor="middle">
            {pct(t)}
          </text>
        ))}
        {layout.cells.map(({ col, row, pair }) => (
          <rect key={`${pair.a}-${pair.b}`} {...at(col, row)} width={CELL - 1} height={CELL - 1} class={cls(pair)} data-pair={`${pair.a}-${pair.b}`}>
            <title>{pairText(pair)}</title>
          </rect>
        ))}
        {layout.more.map(({ col, row, count: n, top }) => {
          const { x: mx, y: my } = at(col, row);
          return (
            <path key={`more-${col}`} d={`M${mx} ${my + CELL - 1}h${CELL - 1}l${-(CELL - 1) / 2} ${-(CELL - 1)}z`} class={cls(top)} data-more={n}>
              <title>{plural('options_chart_more', n, col, col + 1)}</title>
            </path>
          );
        })}
        <line class="threshold" data-threshold={threshold} x1={x(threshold)} x2={x(threshold)} y1={TOP - 4} y2={BASE} />
        <text class="threshold-label" x={Math.min(W - PAD - 12, Math.max(PAD + 12, x(threshold)))} y={TOP - 6} text-anchor="middle">
          {pct(threshold)}
        </text>
      </svg>
      <figcaption aria-hidden="true">{summary}</figcaption>
      <table class="visually-hidden">
        <caption>{t('options_chart_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('options_chart_resemblance')}</th>
            <th scope="col">{t('options_chart_pairs')}</th>
          </tr>
        </thead>
        <tbody>
          {table.map((n, i) => (
            <tr key={i}>
              <th scope="row">{t('options_chart_range', i * 10, i === 9 ? 100 : i * 10 + 9)}</th>
              <td>{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
