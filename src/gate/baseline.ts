/**
 * Where the org baseline lives: a policy like a team's, with its own revisions, stored and written exactly as a
 * team's are (the policy store, the Coordinator) under this name. `@` is outside TEAM_NAME, so no team can ever be
 * called this, reach it through a team route, or be listed as it (docs/storage.md).
 */
export const BASELINE_SCOPE = "@baseline";
