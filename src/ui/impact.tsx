import type { FC } from "hono/jsx";
import { Verdict } from "./layout";

interface Example {
  event: string;
  tool?: string;
  subject: string;
  baseline: string;
  candidate: string;
  source: string;
}
interface Changed {
  count: number;
  byHandler: { handler: string; count: number; examples: Example[] }[];
}
interface Tally {
  verdicts: Record<string, number>;
  fired: Record<string, number>;
  neverFired: string[];
}

/** The answer of `POST /v1/admin/teams/:team/policy/impact` (ImpactReport in the API reference). */
export interface ImpactReportValue {
  revision: number;
  records: number;
  total: number;
  otherRevision: number;
  noInput: number;
  baseline: Tally;
  candidate: Tally;
  changed: Changed;
  maskingChanged: Changed;
  refused: number;
}

const verdicts = (t: Tally) => Object.entries(t.verdicts).map(([v, n]) => `${v} ${n}`).join(", ") || "none";

/** What a draft would change, against the decisions recorded under the revision in force. */
export const ImpactReport: FC<{ report: ImpactReportValue }> = ({ report: r }) => (
  <section class="card" aria-labelledby="impact" aria-live="polite">
    <h2 id="impact">What this change would do</h2>
    <p data-testid="impact-summary">
      Of {r.total} recorded decisions of revision {r.revision} decided again under this draft, <strong>{r.changed.count} would change</strong>.
      {r.otherRevision > 0 && ` ${r.otherRevision} answered by another revision were skipped.`}
      {r.noInput > 0 && ` ${r.noInput} had no stored input.`}
      {r.maskingChanged.count > 0 && ` ${r.maskingChanged.count} are left out: masking itself changes how revision ${r.revision} decides them.`}
    </p>
    <dl class="kv">
      <dt>Revision {r.revision}</dt><dd>{verdicts(r.baseline)}</dd>
      <dt>This draft</dt><dd>{verdicts(r.candidate)}</dd>
      {r.candidate.neverFired.length > 0 && <><dt>Would never fire</dt><dd>{r.candidate.neverFired.join(", ")}</dd></>}
    </dl>
    {r.changed.byHandler.length > 0 && (
      <table>
        <thead><tr><th scope="col">Handler</th><th scope="col">Changes</th><th scope="col">Example</th><th scope="col">Now</th><th scope="col">Draft</th></tr></thead>
        <tbody>
          {r.changed.byHandler.map((h) => {
            const e = h.examples[0];
            return (
              <tr>
                <td><code>{h.handler}</code></td><td>{h.count}</td>
                <td>{e ? <><span class="muted">{e.event}{e.tool ? ` ${e.tool}` : ""}</span> <code>{e.subject}</code></> : ""}</td>
                <td>{e && <Verdict verdict={e.baseline} />}</td><td>{e && <Verdict verdict={e.candidate} />}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    )}
  </section>
);
