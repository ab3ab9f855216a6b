/**
 * Provider token shapes, one entry per kind of credential: how the `secrets` condition detects it (`detect`,
 * credentials.ts) and how the masker finds it (`mask`, detectors.ts). Where the two differ, they differ on purpose:
 * detection says "this prompt holds a credential" and wants the provider's exact format (no false alarms on a
 * question), while masking errs the other way and also takes truncated, test and older tokens (a shorter minimum
 * length, `pk_`/`_test_` keys). An entry without `detect` is masked but is not a credential on its own (a JWT);
 * one without `mask` is masked otherwise (by its name, its key block) or only detected.
 */

/**
 * A masking detector: a pattern and literals one of which is in every text it matches (lower-cased for an `i`
 * pattern, which without the `u` flag matches ASCII letters only by ASCII letters). A text with none of them is not
 * scanned: `includes` is a fraction of the cost of running the pattern, and most strings hold none.
 */
export interface Detector {
  re: RegExp;
  anyOf: readonly string[];
}

interface TokenShape {
  /** What the `secrets` condition reports it as. */
  readonly name: string;
  /** The provider's exact format: a match makes a text hold this credential. */
  readonly detect?: RegExp;
  /** What the masker masks (global patterns: every match is masked whole). */
  readonly mask?: readonly Detector[];
  /** Literals one of which is in every text `detect` matches: a text with none is not scanned for this shape. */
  readonly detectAnyOf?: readonly string[];
}

/** A shape detected and masked by the same pattern (a provider's exact format), in text that holds one of `anyOf`. */
const exact = (name: string, re: RegExp, anyOf: readonly string[]): TokenShape => ({ name, detect: re, detectAnyOf: anyOf, mask: [{ re: new RegExp(re.source, "g"), anyOf }] });

/**
 * A token's leading `\b` also holds after a string escape (`"…\nAKIA…"`, `"\tghp_…"`: JSON, a string literal in
 * code), where the escape's letter would otherwise glue the token to a word.
 */
const AFTER_ESCAPE = String.raw`(?<=\\[nrt])`;
function startsAfterEscapes(re: RegExp): RegExp {
  return new RegExp(re.source.replace(/(^|\||\(\?:)\\b/g, `$1(?:\\b|${AFTER_ESCAPE})`), re.flags);
}
const escapeAware = (shape: TokenShape): TokenShape => ({
  ...shape,
  ...(shape.detect ? { detect: startsAfterEscapes(shape.detect) } : {}),
  ...(shape.mask ? { mask: shape.mask.map((d) => ({ ...d, re: startsAfterEscapes(d.re) })) } : {}),
});

export const TOKEN_SHAPES: readonly TokenShape[] = ([
  // Masked by keyBlockRanges (detectors.ts), which masks the whole block up to its END.
  // Any blank between the words (a tab, a no-break space from a rich-text paste): the key under it is as real.
  { name: "private key block", detect: /-----BEGIN[^\S\n]+(?:[A-Z0-9]+[^\S\n]+){0,3}PRIVATE[^\S\n]+KEY(?:[^\S\n]+BLOCK)?-----/ },
  {
    name: "AWS access key id",
    detect: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/,
    mask: [{ re: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b/g, anyOf: ["AKIA", "ASIA", "ABIA", "ACCA", "A3T"] }],
  },
  // Masked with its name (also `aws configure set aws_secret_access_key …`, which is no assignment).
  {
    name: "AWS secret access key",
    detect: /aws_?secret_?access_?key["']?\s{0,8}(?:[:=]|\s)\s{0,8}["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i,
    mask: [{ re: /aws_?secret_?access_?key["']?\s{0,8}(?:[:=]|\s)\s{0,8}["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/gi, anyOf: ["aws"] }],
  },
  {
    name: "Stripe secret key",
    detect: /\b(?:sk|rk)_live_[0-9A-Za-z]{10,}/,
    mask: [{ re: /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{8,}/g, anyOf: ["_live_", "_test_"] }],
  },
  // One `sk-` shape masks Anthropic's and OpenAI's keys.
  { name: "Anthropic API key", detect: /\bsk-ant-[0-9A-Za-z_-]{20,}/, mask: [{ re: /\bsk-(?:ant-|proj-|svcacct-|admin-)?[0-9A-Za-z_-]{20,}/g, anyOf: ["sk-"] }] },
  { name: "OpenAI API key", detect: /\bsk-(?:proj-|svcacct-|admin-)?[0-9A-Za-z_-]{32,}/ },
  {
    name: "GitHub token",
    detect: /\b(?:gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{40,})/,
    mask: [
      { re: /\bgh[pousr]_[0-9A-Za-z]{20,}/g, anyOf: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"] },
      { re: /\bgithub_pat_[0-9A-Za-z_]{20,}/g, anyOf: ["github_pat_"] },
    ],
  },
  {
    name: "GitLab token",
    detect: /\b(?:glpat|gldt|glptt|glrt|glcbt|glimt|gloas|glsoat|glffct)-[0-9A-Za-z_-]{20,}/,
    mask: [
      { re: /\bglpat-[0-9A-Za-z_-]{16,}/g, anyOf: ["glpat-"] },
      { re: /\bgl(?:dt|ptt|rt|cbt|imt|agent|oas|soat|ffct)-[0-9A-Za-z_-]{16,}/g, anyOf: ["gl"] },
    ],
  },
  {
    name: "Slack token",
    detect: /\bxox[abposre]-[0-9A-Za-z-]{10,}|\bxapp-\d-[A-Z0-9]{6,}-\d{6,}-[0-9a-f]{32,}/,
    mask: [{ re: /\bxox[abposre]-[0-9A-Za-z-]{10,}/g, anyOf: ["xox"] }],
  },
  {
    name: "Slack webhook",
    detect: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/T[0-9A-Z]{6,}\/[0-9A-Z]{6,}\/[0-9A-Za-z]{16,}/,
    mask: [{ re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/T[0-9A-Z]{6,}\/[0-9A-Z]{6,}\/[0-9A-Za-z]{8,}/g, anyOf: ["hooks.slack.com"] }],
  },
  { name: "Google API key", detect: /\bAIza[0-9A-Za-z_-]{35}/, mask: [{ re: /\bAIza[0-9A-Za-z_-]{35}\b/g, anyOf: ["AIza"] }] },
  { name: "Google OAuth client secret", detect: /\bGOCSPX-[0-9A-Za-z_-]{24,}/, mask: [{ re: /\bGOCSPX-[0-9A-Za-z_-]{16,}/g, anyOf: ["GOCSPX-"] }] },
  { name: "Google OAuth access token", mask: [{ re: /\bya29\.[0-9A-Za-z_-]{20,}/g, anyOf: ["ya29."] }] },
  { name: "JWT", mask: [{ re: /\beyJ[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}/g, anyOf: ["eyJ"] }] },
  { name: "npm token", detect: /\bnpm_[0-9A-Za-z]{36}\b/, mask: [{ re: /\bnpm_[0-9A-Za-z]{30,}/g, anyOf: ["npm_"] }] },
  { name: "PyPI token", detect: /\bpypi-AgEIcHlwaS5vcmc[0-9A-Za-z_-]{50,}/, mask: [{ re: /\bpypi-AgEIcHlwaS5vcmc[0-9A-Za-z_-]{16,}/g, anyOf: ["pypi-AgEIcHlwaS5vcmc"] }] },
  {
    name: "SendGrid API key",
    detect: /\bSG\.[0-9A-Za-z_-]{22}\.[0-9A-Za-z_-]{43}/,
    mask: [{ re: /\bSG\.[0-9A-Za-z_-]{16,}\.[0-9A-Za-z_-]{16,}/g, anyOf: ["SG."] }],
  },
  { name: "Twilio key", detect: /\b(?:SK|AC)[0-9a-f]{32}\b/, mask: [{ re: /\b(?:SK|AC)[0-9a-f]{32}\b/g, anyOf: ["SK", "AC"] }] },
  { name: "Hugging Face token", detect: /\bhf_[0-9A-Za-z]{34,}/, mask: [{ re: /\bhf_[0-9A-Za-z]{30,}/g, anyOf: ["hf_"] }] },
  { name: "DigitalOcean token", detect: /\bdo[por]_v1_[0-9a-f]{64}\b/, mask: [{ re: /\bdo[por]_v1_[0-9a-f]{32,}/g, anyOf: ["_v1_"] }] },
  { name: "Telegram bot token", detect: /\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b/, mask: [{ re: /\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b/g, anyOf: [":AA"] }] },
  { name: "Azure storage key", detect: /AccountKey=[0-9A-Za-z+/]{86}==/ },
  // The shapes below are documented by their providers or catalogued by gitleaks (config/gitleaks.toml); each is
  // masked as it is detected (their prefixes alone are common words or code), and found only in text holding one
  // of its literals.
  // Vault: service, batch and recovery tokens (`hvs.`, `hvb.`, `hvr.`; a root or dev-server token is 24 characters
  // after the prefix, others about 90+), and the legacy `s.` + 24 that mixes cases and digits.
  exact(
    "Vault token",
    /\bhv[sbr]\.[0-9A-Za-z_-]{24,}|\bs\.(?=[0-9a-z]{0,23}[A-Z])(?=[0-9A-Z]{0,23}[a-z])(?=[A-Za-z]{0,23}[0-9])[0-9A-Za-z]{24}(?![0-9A-Za-z_-])/,
    ["hvs.", "hvb.", "hvr.", "s."],
  ),
  // 1Password service account: `ops_` + base64 of a JSON object (so `eyJ`).
  exact("1Password service account token", /\bops_eyJ[0-9A-Za-z+/_-]{100,}={0,3}/, ["ops_eyJ"]),
  // Notion's legacy integration secret (`secret_` + 43; the current `ntn_` is in the rule set): a digit among the
  // 43, which `secret_` followed by a long identifier lacks.
  exact("Notion integration secret", /\bsecret_(?=[A-Za-z]{0,42}[0-9])[0-9A-Za-z]{43}(?![0-9A-Za-z_])/, ["secret_"]),
  // Doppler: personal, service (with its config's name), service account, CLI, SCIM and audit tokens.
  exact("Doppler token", /\bdp\.(?:pt|st|sa|ct|scim|audit)\.(?:[0-9A-Za-z_-]{1,64}\.)?[0-9A-Za-z]{40,}/, ["dp."]),
  exact("Sentry token", /\bsntryu_[0-9a-f]{64}\b|\bsntrys_eyJ[0-9A-Za-z+/=_-]{60,}/, ["sntryu_", "sntrys_"]),
  // Supabase: personal access tokens (`sbp_` + 40 hex) and secret API keys (`sb_secret_`).
  exact("Supabase key", /\bsbp_[0-9a-f]{40}\b|\bsb_secret_[0-9A-Za-z_-]{20,}/, ["sbp_", "sb_secret_"]),
  exact("PlanetScale token", /\bpscale_(?:tkn|pw|oauth)_[0-9A-Za-z_=.-]{32,}/, ["pscale_"]),
  exact("Fly.io token", /\b(?:fo1_[0-9A-Za-z_-]{43}|fm1[ar]_[0-9A-Za-z+/]{100,}={0,3}|fm2_[0-9A-Za-z+/]{100,}={0,3})/, ["fo1_", "fm1", "fm2_"]),
  exact("Render API key", /\brnd_[0-9A-Za-z]{24,}(?![0-9A-Za-z_])/, ["rnd_"]),
  exact("Heroku API key", /\bHRKU-(?:AA[0-9A-Za-z_-]{58}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/, ["HRKU-"]),
  exact("Postman API key", /\bPMAK-[0-9a-fA-F]{24}-[0-9a-fA-F]{34}/, ["PMAK-"]),
  exact("New Relic user key", /\bNRAK-[0-9A-Z]{27}\b/, ["NRAK-"]),
  exact("Atlassian API token", /\bATATT3[0-9A-Za-z_=-]{150,}/, ["ATATT3"]),
  exact("Terraform Cloud token", /\b[0-9A-Za-z]{14}\.atlasv1\.[0-9A-Za-z_=-]{60,}/, [".atlasv1."]),
  // Replicate: "40-character strings that always start with r8_".
  exact("Replicate API token", /\br8_[0-9A-Za-z]{37}(?![0-9A-Za-z_])/, ["r8_"]),
  exact("Mailgun API key", /\bkey-[0-9a-f]{32}\b/, ["key-"]),
  exact("Stripe webhook secret", /\bwhsec_[0-9A-Za-z+/=]{32,}/, ["whsec_"]),
  // age (the file encryption tool): a Bech32 secret key.
  exact("age secret key", /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/, ["AGE-SECRET-KEY-1"]),
  // hookgate's own tokens: team (hg_…) and admin (hga_…).
  { name: "hookgate token", detect: /\bhga?_[0-9A-Za-z_-]{40,}/, mask: [{ re: /\bhga?_[0-9A-Za-z_-]{16,}/g, anyOf: ["hg"] }] },
] satisfies TokenShape[]).map(escapeAware);
