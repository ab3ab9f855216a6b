import type { FC } from "hono/jsx";

/** The impact report of `POST /v1/admin/teams/:team/policy/impact`, shown as the API gives it. */
export const ImpactReport: FC<{ report: unknown }> = ({ report }) => (
  <section class="card" aria-labelledby="impact" aria-live="polite">
    <h2 id="impact">What this change would do</h2>
    <pre data-testid="impact-report">{JSON.stringify(report, null, 2)}</pre>
  </section>
);
