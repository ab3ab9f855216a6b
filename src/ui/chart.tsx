import type { FC } from "hono/jsx";

interface Series {
  /** one count per bucket, oldest first */
  fired: number[];
  dryRun: number[];
}

/**
 * A handler's counts over time as a server-rendered SVG: one bar pair per bucket (fired, and would have fired in a
 * dry run), scaled to the largest count. Colours by attribute, not style (the CSP allows no inline style attribute).
 */
export const BarChart: FC<{ series: Series; labels: string[]; title: string }> = ({ series, labels, title }) => {
  const n = labels.length;
  const width = 560;
  const height = 90;
  const pad = 16;
  const slot = (width - pad) / Math.max(n, 1);
  const max = Math.max(1, ...series.fired, ...series.dryRun);
  const bar = (v: number) => Math.round(((height - pad) * v) / max);
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return (
    <svg class="chart" role="img" viewBox={`0 0 ${width} ${height}`} width={width} height={height} aria-label={`${title}: fired ${total(series.fired)}, would have fired ${total(series.dryRun)}`}>
      <title>{title}</title>
      <line x1={pad} y1={height - pad} x2={width} y2={height - pad} stroke="#aab1bb" stroke-width="1" />
      <text x="0" y="10" font-size="10" fill="#5b6472">{max}</text>
      {labels.map((label, i) => {
        const x = pad + i * slot;
        const f = bar(series.fired[i] ?? 0);
        const d = bar(series.dryRun[i] ?? 0);
        const bw = Math.max(1, slot / 2 - 1);
        return (
          <g>
            <rect x={x} y={height - pad - f} width={bw} height={f} fill="#2f5fa7"><title>{`${label}: fired ${series.fired[i] ?? 0}`}</title></rect>
            <rect x={x + bw} y={height - pad - d} width={bw} height={d} fill="#d08c2b"><title>{`${label}: would have fired ${series.dryRun[i] ?? 0}`}</title></rect>
            {(i === 0 || i === n - 1 || (n > 8 && i === Math.floor(n / 2))) && (
              <text x={x} y={height - 3} font-size="10" fill="#5b6472">{label}</text>
            )}
          </g>
        );
      })}
    </svg>
  );
};
