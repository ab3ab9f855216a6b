/** A line of a diff: kept, added (only in `b`) or deleted (only in `a`). */
interface DiffLine {
  kind: "same" | "add" | "del";
  text: string;
}

/** Past this many cells the middle of the two texts is shown as replaced whole (a policy is rarely near it). */
const MAX_CELLS = 4_000_000;

/**
 * A line diff of `a` to `b`: the common head and tail trimmed, then the longest common subsequence of what is left.
 * Pure; bounded by MAX_CELLS.
 */
export function lineDiff(a: string, b: string): DiffLine[] {
  const x = a.split("\n");
  const y = b.split("\n");
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  const xs = x.slice(head, x.length - tail);
  const ys = y.slice(head, y.length - tail);
  const out: DiffLine[] = x.slice(0, head).map((text) => ({ kind: "same", text }));
  if ((xs.length + 1) * (ys.length + 1) > MAX_CELLS) {
    out.push(...xs.map((text) => ({ kind: "del" as const, text })), ...ys.map((text) => ({ kind: "add" as const, text })));
  } else {
    const n = xs.length;
    const m = ys.length;
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i * w + j] = xs[i] === ys[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && xs[i] === ys[j]) (out.push({ kind: "same", text: xs[i]! }), i++, j++);
      // On a tie the removed line first, as diffs are read ("- old", then "+ new").
      else if (i < n && (j === m || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) (out.push({ kind: "del", text: xs[i]! }), i++);
      else (out.push({ kind: "add", text: ys[j]! }), j++);
    }
  }
  out.push(...x.slice(x.length - tail).map((text) => ({ kind: "same" as const, text })));
  return out;
}
