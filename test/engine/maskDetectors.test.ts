// The masker skips a detector on text holding none of its literals (src/engine/secrets/detectors.ts, Detector.anyOf). That is
// only sound if every match of the pattern contains one of them: checked here on texts built from the literals
// themselves (in every case), token characters and separators, so matches are frequent.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DETECTORS_FOR_TEST, isSecretName } from "../../src/engine/secrets/detectors";
import { maskText } from "../../src/engine/secrets/maskCut";


const { detectors, mayMatch, anyLiteral } = DETECTORS_FOR_TEST;
const literals = detectors().flatMap((d) => d.anyOf);
const flipCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
const fragment = fc.oneof(
  fc.constantFrom(...literals, ...literals.map(flipCase)),
  fc.constantFrom("Bearer ", "bearer ", "Authorization: ", "AUTHORISATION=", "https://", "://u:", "@", "-u ", "--user=", ":", "=", " ", "\n", "\\n", "\\t", '"', "'", ".", "_", "-"),
  fc.string({ unit: fc.constantFrom(..."abcdefXYZ0123456789_-"), minLength: 1, maxLength: 40 }),
);
const text = fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join(""));

describe("mask detectors: the prefilter literals are in every match", () => {
  it("for every detector, a text it matches passes its prefilter", () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const d of detectors()) {
          d.re.lastIndex = 0;
          if (d.re.test(t)) {
            expect(mayMatch(d, t), `${d.re} on ${JSON.stringify(t)}`).toBe(true);
            expect(anyLiteral(t), `the one-pass prefilter on ${JSON.stringify(t)}`).toBe(true);
          }
          d.re.lastIndex = 0;
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("the prefilter does skip text without the literals (it is not a no-op)", () => {
    const skipped = detectors().filter((d) => !mayMatch(d, "git status --short"));
    expect(skipped.length).toBe(detectors().length);
    expect(anyLiteral("git status --short")).toBe(false);
    expect(anyLiteral("see https://example.com")).toBe(true);
  });

  it("each detector still finds its own example", () => {
    const examples = [
      "hg_abcdefghijklmnopqrstu",
      "AKIAABCDEFGHIJKLMNOP",
      "sk_live_abcdefgh1234",
      "sk-ant-abcdefghijklmnopqrstuvwx",
      "ghp_abcdefghijklmnopqrstuvwx",
      "github_pat_abcdefghijklmnopqrstuvwx",
      "glpat-abcdefghijklmnop",
      "glrt-abcdefghijklmnopq",
      "xoxb-1234567890",
      "AIzaabcdefghijklmnopqrstuvwxyz012345678",
      "ya29.abcdefghijklmnopqrstuvwx",
      "eyJabcdefghi.abcdefghi.abcdefghi",
      "npm_abcdefghijklmnopqrstuvwxyz012345",
      "SG.abcdefghijklmnop.abcdefghijklmnop",
      "hf_abcdefghijklmnopqrstuvwxyz012345",
      "Authorization: Basic dXNlcjpwYXNz",
      "BEARER abcdefghijk",
      "postgres://user:hunter22@db",
      "curl -u admin:hunter22 https://x",
      "hvs.abcdefghijklmnopqrstuvwx",
      "s.abcdefghijklmnopqrstVW12",
      `ops_eyJ${"a".repeat(100)}`,
      "secret_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
      "dp.pt.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
      `sntryu_${"0a".repeat(32)}`,
      "sbp_0123456789abcdef0123456789abcdef01234567",
      "pscale_tkn_abcdefghijklmnopqrstuvwxyz0123456789",
      "fo1_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
      "rnd_abcdefghijklmnopqrstuvwx",
      `HRKU-AA${"a".repeat(58)}`,
      `PMAK-${"a".repeat(24)}-${"b".repeat(34)}`,
      "NRAK-ABCDEFGHIJKLMNOPQRSTUVWXYZ0",
      `ATATT3${"a".repeat(150)}`,
      `abcdefghijklmn.atlasv1.${"a".repeat(60)}`,
      "r8_abcdefghijklmnopqrstuvwxyz0123456789A",
      `key-${"0a".repeat(16)}`,
      "whsec_abcdefghijklmnopqrstuvwxyz012345",
      `AGE-SECRET-KEY-1${"Q".repeat(58)}`,
      `aws_secret_access_key ${"a".repeat(40)}`,
      "https://hooks.slack.com/services/TABCDEF/BABCDEF/abcdefghij",
      "GOCSPX-abcdefghijklmnop",
      "pypi-AgEIcHlwaS5vcmcabcdefghijklmnop",
      `SK${"0a".repeat(16)}`,
      `dop_v1_${"0a".repeat(16)}`,
      `123456789:AA${"a".repeat(33)}`,
    ];
    for (const d of detectors()) {
      const found = examples.filter((e) => {
        d.re.lastIndex = 0;
        const hit = d.re.test(e);
        d.re.lastIndex = 0;
        return hit;
      });
      expect(found.length, String(d.re)).toBeGreaterThan(0);
      for (const e of found) {
        expect(mayMatch(d, e)).toBe(true);
        expect(anyLiteral(e)).toBe(true);
      }
    }
  });
});

describe("mask assignments: text is skipped only when no name in it could be secret-sounding", () => {
  // assignmentRanges returns early on text without a MAYBE_SECRET run (src/engine/secrets/detectors.ts): sound only because every
  // name isSecretName accepts holds one. Names here mix secret words, plain words and case, in the shapes the
  // assignment patterns read; whenever the name is secret-sounding, its value must still be masked.
  const word = fc.constantFrom("api", "Key", "PASSWORD", "db", "token", "Auth", "x", "secret", "signing", "salt", "otp", "user", "name", "cred", "DSN", "pw", "cookie");
  const name = fc.array(word, { minLength: 1, maxLength: 3 }).chain((ws) => fc.constantFrom("_", "-", "").map((sep) => ws.join(sep)));
  // (not a placeholder: mixed letters and digits, never one character repeated)
  const value = fc.string({ unit: fc.constantFrom(..."abcdefXYZ0123456789"), minLength: 8, maxLength: 30 }).map((v) => `Zq9${v}w7K`);
  const inLine = [(n: string, v: string) => `${n}=${v}`, (n: string, v: string) => `export ${n}="${v}"`, (n: string, v: string) => `{"${n}": "${v}"}`];
  const shape = fc.oneof(
    fc.tuple(fc.constantFrom(...inLine), fc.constantFrom("", "run it; ", "config:\n")),
    // YAML/INI: a bare value only at the start of a line
    fc.tuple(fc.constant((n: string, v: string) => `${n}: ${v}`), fc.constantFrom("", "config:\n")),
  );
  it("masks the value of every secret-sounding name", () => {
    fc.assert(
      fc.property(name, value, shape, (n, v, [s, before]) => {
        const text = `${before}${s(n, v)}`;
        if (isSecretName(n)) expect(maskText(text), text).not.toContain(v);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("a token right after a string escape", () => {
  // JSON and string literals glue a token to the escape's letter (`"…\\nghp_…"`): the token is as real.
  const tokens = ["ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "AKIA" + "OE5NOPLUALNC7T4K", "xoxb-" + "1234567890-abcdefghij"];
  it.each(tokens)("is masked after \\n, \\t and \\r: %s", (token) => {
    for (const esc of ["\\n", "\\t", "\\r"]) expect(maskText(`{"config":"line one${esc}${token}"}`)).not.toContain(token);
  });
  it("but not glued to a word", () => {
    expect(maskText(`xAKIAOE5NOPLUALNC7T4K`)).toContain("AKIAOE5NOPLUALNC7T4K");
  });
});
