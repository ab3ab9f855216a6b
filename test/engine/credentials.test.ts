// What the `secrets` condition calls a credential (src/engine/secrets/credentials.ts): provider token shapes, a
// generated-looking password in a URL and a generated-looking value of a secret-named key; and that the masker
// masks every one of them. Every token here is generated from a seeded PRNG: none is real.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findCredentials } from "../../src/engine/secrets/credentials";
import { MASK, tokenWindows } from "../../src/engine/secrets/detectors";
import { maskText } from "../../src/engine/secrets/maskCut";
import { notRandomBecause } from "../../src/engine/secrets/randomValue";
import { TOKEN_SHAPES } from "../../src/engine/secrets/tokenShapes";
import { SETS } from "../corpus/cases";

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const BASE62 = `${LOWER}${LOWER.toUpperCase()}0123456789`;
const HEX = "0123456789abcdef";
const BASE64 = `${BASE62}+/`;
let seed = 0x5e73;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const gen = (n: number, alphabet = BASE62) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
/** `n` characters of `alphabet` with a digit, an upper- and a lower-case letter among them (a generator's token). */
const mixed = (n: number) => `${gen(n - 3)}A7q`;

/** One generated example and one near miss per shape added for set 3 (tokenShapes.ts). */
const SHAPES: { kind: string; token: string; near: string }[] = [
  { kind: "Vault token", token: `hvs.${mixed(24)}`, near: "hvs.short" },
  { kind: "Vault token", token: `hvb.${gen(140, `${BASE62}_-`)}`, near: "the hvb. prefix marks a batch token" },
  { kind: "Vault token", token: `s.${mixed(24)}`, near: "s.getElementsByClassNames" },
  { kind: "1Password service account token", token: `ops_eyJ${gen(300, BASE64)}`, near: "ops_eyJ is how the token starts" },
  { kind: "Notion integration secret", token: `secret_${mixed(43)}`, near: "secret_keyBaseForTheLegacyRailsAppIsReadFromEnv" },
  { kind: "Doppler token", token: `dp.pt.${gen(43)}`, near: "dp.pt.tokens are personal" },
  { kind: "Doppler token", token: `dp.st.prd.${gen(43)}`, near: "dp.st.prd.short" },
  { kind: "Sentry token", token: `sntryu_${gen(64, HEX)}`, near: `sntryu_${gen(20, HEX)}` },
  { kind: "Sentry token", token: `sntrys_eyJ${gen(120, BASE64)}`, near: "sntrys_ org tokens" },
  { kind: "Supabase key", token: `sbp_${gen(40, HEX)}`, near: `sbp_${gen(12, HEX)}` },
  { kind: "Supabase key", token: `sb_secret_${gen(32)}`, near: "sb_secret_ keys stay on the server" },
  { kind: "PlanetScale token", token: `pscale_tkn_${gen(43)}`, near: "pscale_tkn_ prefix" },
  { kind: "Fly.io token", token: `fo1_${gen(43, `${BASE62}_-`)}`, near: "fo1_short" },
  { kind: "Fly.io token", token: `fm2_${gen(200, BASE64)}`, near: "FlyV1 fm2_ tokens" },
  { kind: "Render API key", token: `rnd_${mixed(24)}`, near: "rnd_seed_for_tests" },
  { kind: "Heroku API key", token: `HRKU-AA${gen(58, `${BASE62}_-`)}`, near: "HRKU-AA is the new prefix" },
  { kind: "Postman API key", token: `PMAK-${gen(24, HEX)}-${gen(34, HEX)}`, near: `PMAK-${gen(24, HEX)}` },
  { kind: "New Relic user key", token: `NRAK-${gen(27, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}`, near: "NRAK-SHORT" },
  { kind: "Atlassian API token", token: `ATATT3${gen(186, `${BASE62}_-=`)}`, near: "ATATT3xFfGF0 is how they start" },
  { kind: "Terraform Cloud token", token: `${gen(14)}.atlasv1.${gen(67)}`, near: "the .atlasv1. infix" },
  { kind: "Replicate API token", token: `r8_${mixed(37)}`, near: `r8_${gen(20)}` },
  { kind: "Mailgun API key", token: `key-${gen(32, HEX)}`, near: "key-value store" },
  { kind: "Stripe webhook secret", token: `whsec_${gen(32)}`, near: "whsec_ secrets sign webhooks" },
  { kind: "age secret key", token: `AGE-SECRET-KEY-1${gen(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`, near: "AGE-SECRET-KEY-1 lines" },
];

describe("token shapes", () => {
  it.each(SHAPES)("$kind: $token is a credential and is masked, its near miss is neither", ({ kind, token, near }) => {
    for (const text of [`here: ${token} ok`, `"${token}"`, `line one\\n${token}`]) {
      expect(findCredentials(text), text).toContain(kind);
      expect(maskText(text)).not.toContain(token);
    }
    expect(findCredentials(`what is ${near}?`)).toEqual([]);
  });
});

describe("a shape's literals are in every text it detects (findCredentials skips text without them)", () => {
  const guarded = TOKEN_SHAPES.filter((s) => s.detectAnyOf !== undefined);
  const literals = guarded.flatMap((s) => s.detectAnyOf!);
  const fragment = fc.oneof(
    fc.constantFrom(...literals, "eyJ", "AA", ".", "-", "_", "=", " ", "\\n"),
    fc.string({ unit: fc.constantFrom(..."abcdefXYZ0123456789"), minLength: 1, maxLength: 70 }),
  );
  it("for every guarded shape, on texts built from the literals and token characters", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(18);
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 10 }), (parts) => {
        const t = parts.join("");
        for (const s of guarded) if (s.detect!.test(t)) expect(s.detectAnyOf!.some((l) => t.includes(l)), `${s.name} on ${t}`).toBe(true);
      }),
      { numRuns: 3000, seed: 0x5e73 },
    );
  });
  it("and each guarded shape's own example passes its guard", () => {
    for (const { kind, token } of SHAPES) {
      const s = guarded.find((g) => g.name === kind)!;
      expect(s.detect!.test(token) && s.detectAnyOf!.some((l) => token.includes(l)), kind).toBe(true);
    }
  });
});

// Random values of the classes a generator makes. Lengths from 24: notRandomBecause's miss rate on such values, measured
// on 20 000 of each class, is under 0.1 % (base62 0.06 %, hex 0.04 %); the fixed seed keeps the run reproducible.
const alphabets = { base62: BASE62, base64: BASE64, base64url: `${BASE62}-_`, hex: HEX, HEX: HEX.toUpperCase(), symbols: `${BASE62}!@#%^*-_=+` };
const randomValue = fc.constantFrom(...Object.values(alphabets)).chain((a) => fc.string({ unit: fc.constantFrom(...a), minLength: 24, maxLength: 64 }));
const user = fc.constantFrom("app", "ledger", "deploy", "reporting", "ci");
const secretName = fc.constantFrom("DB_PASSWORD", "CLOUDFLARE_API_TOKEN", "api_key", "clientSecret", "AWS_SECRET_ACCESS_KEY", "auth_token", "PRIVATE_KEY", "credentials", "pwd", "accessKey");
const assignment = fc.constantFrom(
  (n: string, v: string) => `${n}=${v} npx wrangler deploy`,
  (n: string, v: string) => `export ${n}="${v}"`,
  (n: string, v: string) => `{"${n}": "${v}"}`,
  (n: string, v: string) => `config:\n  ${n}: ${v}\n`,
  (n: string, v: string) => `${n} = '${v}'`,
);
const url = fc.constantFrom(
  (u: string, p: string) => `postgres://${u}:${p}@db.internal:5432/app`,
  (u: string, p: string) => `mongodb+srv://${u}:${p}@cluster0.abcde.mongodb.net/x`,
  (u: string, p: string) => `the proxy is https://${u}:${p}@artifacts.acme.dev/npm/`,
);
// Placeholders, references, defaults, docs examples, URLs and paths: never credentials.
const PLACEHOLDERS = [
  "${DB_PASS}", "$DB_PASSWORD", "${{ secrets.NPM_TOKEN }}", "${var.github_token}", "<your-token-here>", "<password>", "xxxxxxxxxxxxxxxx",
  "****************", "changeme", "change-me-please", "your-key-here", "your_api_key_here", "YourApiKeyHere", "password", "Password1234",
  "P@ssw0rd1234!", "postgres", "devpassword", "secret", "supersecret123", "mysecretpassword", "test-api-key-123", "dummy-secret-2024",
  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "sk_test_your_key_here", "sk-proj-****************abcd", "https://vault.acme.dev/v1/secret",
  "/run/secrets/db_password", "./secrets/db.txt", "~/.config/app/token", "C:\\secrets\\db.key", "AWS_SECRET_ACCESS_KEY", "MY_API_KEY_2",
  "ledger_app_2024", "localdev-2024-pw", "Welcome12345", "hunter2", "admin", "root", "true", "null", "$(cat /run/secrets/pw)", "op://ledger/db/password",
];

describe("a generated-looking value in a URL's password or under a secret name", () => {
  it("a random value always counts, in every form", () => {
    fc.assert(
      fc.property(randomValue, user, secretName, assignment, url, (v, u, n, a, link) => {
        expect(notRandomBecause(v), v).toBeUndefined();
        const assigned = a(n, v);
        expect(findCredentials(assigned), assigned).toContain("secret-named value");
        expect(maskText(assigned)).not.toContain(v);
        // (a URL's password stops at `/`, `?`, `#`: base64's `/` would end it early, as it does for the masker)
        const p = v.replace(/[/?#]/g, "Z");
        const inUrl = link(u, p);
        expect(findCredentials(inUrl), inUrl).toContain("password in a URL");
        expect(maskText(inUrl)).not.toContain(p);
      }),
      { numRuns: 500, seed: 0x5e73 },
    );
  });

  it("a placeholder, a reference, a default, a docs example, a URL or a path never counts", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLACEHOLDERS), user, secretName, assignment, url, (v, u, n, a, link) => {
        // (AWS's documented example secret key has the AWS shape, which counts it whatever its words: see below)
        const byShape = n === "AWS_SECRET_ACCESS_KEY" && v.endsWith("EXAMPLEKEY") ? ["AWS secret access key"] : [];
        expect(findCredentials(a(n, v)), a(n, v)).toEqual(byShape);
        if (!/[/?#@]/.test(v)) expect(findCredentials(link(u, v)), link(u, v)).toEqual([]);
      }),
      { numRuns: 1000, seed: 0x5e73 },
    );
  });

  it("AWS's documented example keys are still counted by the AWS shapes (the starter's own test blocks AKIAIOSFODNN7EXAMPLE)", () => {
    expect(findCredentials("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")).toEqual(["AWS secret access key"]);
  });

  it("the user's name repeated as the password is not random", () => {
    expect(notRandomBecause("ledgerX7q2Zk9Lm", "ledger")).toBe("holds the user's name");
    expect(findCredentials("postgres://ledger:ledgerX7q2Zk9Lm@db/x")).toEqual([]);
    expect(findCredentials("postgres://ledger:Xq7-2024-Prod7Zk@db/x")).toEqual(["password in a URL"]);
  });

  it("the local defaults of the corpora's near misses stay ordinary", () => {
    for (const t of [
      "connect to postgres://postgres:postgres@localhost:5432/app_dev",
      "redis://:devpassword@localhost:6379/0 is the local redis",
      "DATABASE_URL=postgres://${DB_USER}:${DB_PASS}@${DB_HOST}:5432/shop — why isn't docker compose interpolating it?",
      "mongodb://admin:admin@localhost:27017",
      "DATABASE_URL=postgresql://user:password@localhost/test",
      "set `token = \"${var.github_token}\"` in the provider block instead of the literal",
      "in .env.example use AWS_ACCESS_KEY_ID=your-access-key-id and AWS_SECRET_ACCESS_KEY=your-secret",
    ])
      expect(findCredentials(t), t).toEqual([]);
  });

  it("names that are not credentials: a signature, a salt, a DSN; and a name that is not secret at all", () => {
    const v = "Xq7pL2mZ9vB4nK8s";
    for (const n of ["signature", "PASSWORD_SALT", "SENTRY_DSN", "request_id", "max_tokens"]) expect(findCredentials(`${n}=${v}`), n).toEqual([]);
    expect(findCredentials(`DB_PASSWORD=${v}`)).toEqual(["secret-named value"]);
  });
});

describe("the masker masks whatever the rule calls a credential", () => {
  it("no credential survives masking: every corpus prompt that holds one, masked, holds none", () => {
    const prompts = SETS.flatMap((set) => set.prompts.filter((p) => p.expect === "block").map((p) => p.prompt!));
    expect(prompts.length).toBeGreaterThan(150);
    const survivors = prompts.filter((p) => findCredentials(maskText(p)).length > 0).map((p) => `${findCredentials(maskText(p))}: ${p.slice(0, 60)}`);
    expect(survivors).toEqual([]);
    for (const { token } of SHAPES) expect(findCredentials(maskText(`use ${token} now`)), token).toEqual([]);
  });

  it("the set 3 rows fixed after scoring", () => {
    const rows = [
      ["VAULT_TOKEN=hvs.rHrQSsxLd99w3My6tAZgJzz7 vault kv get secret/ledger", "hvs.rHrQSsxLd99w3My6tAZgJzz7"],
      ["DATABASE_URL=postgres://ledger_app:FGLkCVChTo608z4PS6wz1aiH@ledger-prod.rds.amazonaws.com:5432/ledger", "FGLkCVChTo608z4PS6wz1aiH"],
      ["mongodb+srv://ledger:G9dzNZkA4Jk9sa9P@cluster0.w0hni.mongodb.net/ledger keeps timing out", "G9dzNZkA4Jk9sa9P"],
      ["mysql://reporting:9aC0Rh8I1mRZxFt3dZ@10.20.4.17:3306/ledger_reports — why", "9aC0Rh8I1mRZxFt3dZ"],
      ["the artifact proxy is https://deploy:rbI4heEr3G5hECdjkuhZ@artifacts.acme.dev/repository/npm/", "rbI4heEr3G5hECdjkuhZ"],
      ["CLOUDFLARE_API_TOKEN=dFYAjYJwHmnJB7gCpHDqYKsSs7gJ4XHzwrevqbKm npx wrangler deploy", "dFYAjYJwHmnJB7gCpHDqYKsSs7gJ4XHzwrevqbKm"],
      ["notion integration secret secret_58ZkxAxLra1qNKpLNeegbjz0bZ3ewSloxIk8f6zCznb — build the changelog page", "secret_58ZkxAxLra1qNKpLNeegbjz0bZ3ewSloxIk8f6zCznb"],
    ] as const;
    for (const [prompt, secret] of rows) {
      expect(findCredentials(prompt).length, prompt).toBeGreaterThan(0);
      const masked = maskText(prompt);
      expect(masked).not.toContain(secret);
      expect(masked).toContain(MASK);
    }
  });
});

describe("the rule set past its first 8 KiB", () => {
  it("scans the text around each token-like run, within a bound", () => {
    const key = "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";
    const windows = tokenWindows(`${"lorem ipsum ".repeat(2000)}\nkey ${key} end`, 8192, 20, 8192);
    expect(windows).toContain(key);
    expect(windows.length).toBeLessThan(200);
    expect(tokenWindows("a".repeat(100_000), 0, 128, 8192).length).toBe(8192);
    expect(tokenWindows("ab ".repeat(50_000), 0, 128, 8192)).toBe("");
    expect(findCredentials(`${"lorem ipsum ".repeat(2000)}\ngroq key ${key}`)).not.toEqual([]);
  });
});
