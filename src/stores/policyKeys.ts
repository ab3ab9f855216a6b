/** Where a team's policy lives in KV (docs/storage.md): its immutable revisions and the `current` pointer. */
const pad = (n: number) => String(n).padStart(10, "0");

export const policyKeys = {
  current: (team: string) => `policy:${team}:current`,
  revision: (team: string, n: number) => `policy:${team}:rev:${pad(n)}`,
  revisionPrefix: (team: string) => `policy:${team}:rev:`,
};
