/** Defaults and limits that more than one part of hookgate needs: one place for each. */

/** A policy's `deadlineMs` when it does not say (the answer leaves by then). */
export const DEFAULT_DEADLINE_MS = 8000;

/** Team names: 1–63 characters, lower-case letters, digits, `-` and `_`, starting with a letter or digit. */
export const TEAM_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const TEAM_NAME_RULE = "team names are 1-63 characters: lower-case letters, digits, `-` and `_`";
