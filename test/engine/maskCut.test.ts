// Cut, then masked (mask.ts): a string longer than what is kept is scanned only to its cut plus CUT_MARGIN, so a
// secret that straddles the cut must still not leak in part. Each shape at each cap the code uses (the decision
// log's 4 KiB, the judge's and forward's 32 KiB, log lines' 32 KiB, a cut made by the total budget), a property test
// with planted secrets at random offsets around the cut, and a differential one: whatever masking the whole string
// masks before the cut, the cut string masks too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECISION_INPUT_LIMITS, capValue, keptLength } from "../../src/engine/limits/cap";
import { maskForExport, maskOnce, maskSecrets } from "../../src/engine/secrets/mask";
import { capRecord } from "../../src/stores/d1DecisionLog";
import { CUT_MARGIN, MASK_SCAN_LIMITS, maskText, maskedRanges } from "../../src/engine/secrets/maskCut";
import { MASK } from "../../src/engine/secrets/detectors";

// Secrets are written with letters no name, marker or filler here contains, so any 4 of their characters found in
// the output are a leak, and nothing else is.
const SECRET_ALPHABET = "FJLMQVXZ";
const FILLER = ["lorem", "ipsum", "dolor", "sit", "amet", "build", "run", "npm", "test", "echo", "cd", "src", "the", "and", "of", "value", "const", "return"];
const rnd = (rng: () => number, n: number, alphabet = SECRET_ALPHABET) => Array.from({ length: n }, () => alphabet[Math.floor(rng() * alphabet.length)]).join("");
/** A deterministic PRNG (mulberry32), so each example is reproducible from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function filler(rng: () => number, n: number): string {
  let s = "";
  while (s.length < n) s += FILLER[Math.floor(rng() * FILLER.length)] + (rng() < 0.1 ? "\n" : " ");
  return s.slice(0, n);
}
const words = (rng: () => number, n: number) => {
  let s = "";
  while (s.length < n) s += (s ? " " : "") + rnd(rng, 3 + Math.floor(rng() * 6));
  return s.slice(0, n);
};

/** The longest run of `secret`'s characters found in `out` (0 when fewer than 4). */
function leaked(out: string, secret: string): number {
  let best = 0;
  for (let n = 4; n <= secret.length; n++) {
    let found = false;
    for (let i = 0; i + n <= secret.length && !found; i++) found = out.includes(secret.slice(i, i + n));
    if (!found) break;
    best = n;
  }
  return best;
}

/** A secret shape: the text to plant (with whatever names it) and the part of it that must not leak. */
type Shape = (rng: () => number, long: boolean) => { text: string; secret: string };
const SHAPES: Record<string, Shape> = {
  "PEM private key": (rng, long) => {
    const body = rnd(rng, long ? 3000 : 300, SECRET_ALPHABET).replace(/(.{64})/g, "$1\n");
    return { text: `\n-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----\n`, secret: body };
  },
  "PGP private key": (rng, long) => {
    const body = rnd(rng, long ? 3000 : 300).replace(/(.{64})/g, "$1\n");
    return { text: `\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${body}\n-----END PGP PRIVATE KEY BLOCK-----\n`, secret: body };
  },
  "GitHub token": (rng) => {
    const s = rnd(rng, 36);
    return { text: ` ghp_${s} `, secret: s };
  },
  "long JWT": (rng, long) => {
    const s = `${rnd(rng, long ? 2500 : 200)}.${rnd(rng, 40)}.${rnd(rng, 43)}`;
    return { text: ` eyJ${s} `, secret: s };
  },
  "SendGrid key": (rng) => {
    const s = `${rnd(rng, 22)}.${rnd(rng, 43)}`;
    return { text: ` SG.${s} `, secret: s };
  },
  "AWS key id": (rng) => {
    const s = rnd(rng, 16);
    return { text: ` AKIA${s} `, secret: s };
  },
  "KEY=value": (rng, long) => {
    const s = rnd(rng, long ? 3000 : 24, `${SECRET_ALPHABET}!@#%^*-_+=.:/~`);
    return { text: ` DB_PASSWORD=${s} `, secret: s };
  },
  "export KEY=\"pass phrase\"": (rng, long) => {
    const s = words(rng, long ? 3000 : 40);
    return { text: ` export DB_PASSWORD="${s}" && `, secret: s };
  },
  "KEY='pass phrase' inside a quote left open": (rng, long) => {
    // `note="` has no closing quote on its line: in the whole string it matches nothing, and the window must not let
    // it (open, not a secret name) hide the assignment inside it.
    const s = words(rng, long ? 3000 : 40);
    return { text: ` note="see export DB_PASSWORD='${s}' done\n`, secret: s };
  },
  "\"api_key\": \"…\"": (rng, long) => {
    const s = words(rng, long ? 3000 : 40);
    return { text: ` {"api_key": "${s}", "region": "eu"} `, secret: s };
  },
  "\"passwords\": […]": (rng, long) => {
    const s = Array.from({ length: long ? 150 : 3 }, () => `"${rnd(rng, 12)}"`).join(", ");
    return { text: ` "passwords": [${s}] `, secret: s };
  },
  "URL credential": (rng, long) => {
    const s = rnd(rng, long ? 250 : 20);
    return { text: ` psql postgres://app:${s}@db.internal:5432/shop `, secret: s };
  },
  "curl -u": (rng) => {
    const s = rnd(rng, 30);
    return { text: ` curl -u admin:${s} https://x.example.com `, secret: s };
  },
  "Authorization: Bearer": (rng, long) => {
    const s = rnd(rng, long ? 2500 : 40);
    return { text: `\nAuthorization: Bearer ${s}\n`, secret: s };
  },
  "Authorization: Basic, with spaces": (rng, long) => {
    const s = words(rng, long ? 3000 : 40);
    return { text: `\nauthorization: Digest ${s}\n`, secret: s };
  },
  "mysql -p, mysql past the window": (rng) => {
    const s = rnd(rng, 20);
    return { text: ` -p${s} ${filler(rng, CUT_MARGIN + 500).replace(/\n/g, " ")} mysql shop\n`, secret: s };
  },
};

/** Where a string is cut, for each cap the code uses, and how to get it masked there. */
interface Cap {
  name: string;
  /** how long the string must be to be cut, and the masked output of `content` */
  max: number;
  mask: (content: string) => string;
}
const CAPS: Cap[] = [
  { name: "decision log (maskForExport, 4 KiB)", max: DECISION_INPUT_LIMITS.maxString, mask: (c) => (maskForExport({ tool_input: { content: c } }) as any).tool_input.content },
  {
    name: "judge / forward (maskForExport with MASK_SCAN_LIMITS, 32 KiB)",
    max: MASK_SCAN_LIMITS.maxString,
    mask: (c) => (maskForExport({ tool_input: { content: c } }, [], MASK_SCAN_LIMITS) as any).tool_input.content,
  },
  { name: "log line (maskText, 32 KiB)", max: MASK_SCAN_LIMITS.maxString, mask: (c) => maskText(c) },
  {
    // Seven strings of 4,500 use 7 × 4,096 of the 32 KiB budget (and their keys): the eighth is cut by what is left.
    name: "total budget (decision log, the eighth 4 KiB string)",
    max: DECISION_INPUT_LIMITS.maxTotal - 7 * DECISION_INPUT_LIMITS.maxString - 7 * 2 - 1,
    mask: (c) => {
      const value: Record<string, string> = {};
      for (let i = 0; i < 7; i++) value[`f${i}`] = "lorem ipsum ".repeat(375);
      value.z = c;
      return (maskForExport(value) as Record<string, string>).z!;
    },
  },
];

describe("a secret that straddles the cut does not leak", () => {
  for (const cap of CAPS)
    describe(cap.name, () => {
      it.each(Object.keys(SHAPES))("%s", (shape) => {
        const rng = prng(cap.max + shape.length);
        const problems: string[] = [];
        for (const long of [false, true])
          for (const before of [1, 3, 8, 20, 60, 200, 1000]) {
            const planted = SHAPES[shape]!(rng, long);
            const total = cap.max + CUT_MARGIN + planted.text.length + 5000;
            const cut = keptLength("x".repeat(total), cap.max);
            const head = filler(rng, Math.max(0, cut - before));
            const content = (head + planted.text + filler(rng, total)).slice(0, total);
            const out = cap.mask(content);
            expect(out.length, `${shape}: within the cap`).toBeLessThanOrEqual(cap.max);
            expect(out).toMatch(new RegExp(`…\\[truncated by hookgate: ${total} chars\\]$`));
            const n = leaked(out, planted.secret);
            if (n > 0) problems.push(`${long ? "long" : "short"}, starting ${before} before the cut: ${n} characters leaked`);
          }
        expect(problems).toEqual([]);
      });
    });

  it("the margin is what the comments say, and the caps leave room for it", () => {
    expect(CUT_MARGIN).toBeGreaterThanOrEqual(1100); // the longest bounded span with whitespace or quotes (mask.ts)
    expect(DECISION_INPUT_LIMITS.maxString + CUT_MARGIN).toBeLessThan(MASK_SCAN_LIMITS.maxString);
  });
});

describe("planted secrets at random offsets around the cut (property)", () => {
  const shapeNames = Object.keys(SHAPES);
  for (const cap of CAPS)
    it(cap.name, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.array(fc.record({ shape: fc.constantFrom(...shapeNames), long: fc.boolean(), offset: fc.integer({ min: -3200, max: 200 }) }), { minLength: 1, maxLength: 4 }),
          (seed, plants) => {
            const rng = prng(seed);
            const total = cap.max + CUT_MARGIN + 9000;
            const cut = keptLength("x".repeat(total), cap.max);
            // Place each secret at its offset from the cut (in order; later ones go after earlier ones).
            let content = "";
            const secrets: { shape: string; secret: string }[] = [];
            for (const p of [...plants].sort((a, b) => a.offset - b.offset)) {
              const planted = SHAPES[p.shape]!(rng, p.long);
              const at = Math.max(content.length + 1, cut + p.offset);
              content += filler(rng, at - content.length) + planted.text;
              secrets.push({ shape: p.shape, secret: planted.secret });
            }
            content = (content + filler(rng, total)).slice(0, Math.max(total, content.length));
            const out = cap.mask(content);
            // What masking the whole string leaves of each secret is the most the cut may leave.
            const whole = maskSecrets(content) as string;
            for (const { shape, secret } of secrets) {
              const allowed = leaked(whole, secret);
              const n = leaked(out, secret);
              if (n > Math.max(allowed, 0)) throw new Error(`${shape}: ${n} characters leaked at the cut (whole string: ${allowed}), seed ${seed}`);
            }
          },
        ),
        { numRuns: cap.max > 8192 ? 40 : 80 },
      );
    });
});

describe("differential: every character masked before the cut in the whole string is masked in the cut one", () => {
  // Fragments a text is made of: secrets, the names and heads around them, quotes, brackets, separators, runs.
  const fragment = (rng: () => number): string => {
    const r = rng();
    if (r < 0.25) return FILLER[Math.floor(rng() * FILLER.length)]!;
    if (r < 0.45) return [" ", " ", "\n", "\t", "; ", " && ", " | ", "=", ": ", '"', "'", "[", "]", ", ", "@", ":", "/", "\\"][Math.floor(rng() * 18)]!;
    if (r < 0.65)
      return [
        "DB_PASSWORD=", "export API_TOKEN=", 'export SECRET="', "password: ", '"api_key": "', "api_key = '", '"passwords": [', "Authorization: Bearer ",
        "authorization: Basic ", "Bearer ", "curl -u admin:", "postgres://app:", "https://bob:", "mysql -u root -p", "mysql ", " -p", "-----BEGIN RSA PRIVATE KEY-----\n",
        "-----END RSA PRIVATE KEY-----", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n", "ghp_", "sk-ant-api03-", "eyJ", "AKIA", "SG.", "hg_", "glpat-", "xoxb-", "npm_", "$HOME", "${{ secrets.X }}",
      ][Math.floor(rng() * 32)]!;
    if (r < 0.9) return rnd(rng, 1 + Math.floor(rng() * 40), `${SECRET_ALPHABET}abc0123456789_-.`);
    // a long run (a token, a blob) or long words with spaces, the things that run past a window
    return rng() < 0.5 ? rnd(rng, 500 + Math.floor(rng() * 3000), `${SECRET_ALPHABET}abc0123456789_-`) : words(rng, 500 + Math.floor(rng() * 3000));
  };
  it("random texts, random cuts", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 200, max: 5000 }), (seed, keep) => {
        const rng = prng(seed);
        let text = "";
        while (text.length < keep + CUT_MARGIN + 1500) text += fragment(rng);
        const whole = maskedRanges(text);
        const cut = maskedRanges(text, keep);
        const masked = new Uint8Array(keep);
        for (const [s, e] of cut) masked.fill(1, s, Math.min(e, keep));
        for (const [s, e] of whole)
          for (let i = s; i < Math.min(e, keep); i++)
            if (!masked[i]) throw new Error(`seed ${seed}, keep ${keep}: position ${i} (${JSON.stringify(text.slice(Math.max(0, i - 40), i + 40))}) is masked in the whole string only`);
      }),
      { numRuns: 300 },
    );
  });
});

describe("cut, then masked: the rest of the promise", () => {
  it("a key block without its END in one string hides neither the next string nor the key blocks in it", () => {
    const key = "lQOYBGXQVXZFJLMQVXZFJLM";
    const masked = maskSecrets({
      a: "-----BEGIN RSA PRIVATE KEY-----\nMIIEcut",
      b: `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${key}\n-----END PGP PRIVATE KEY BLOCK-----`,
      c: "ordinary -----END RSA PRIVATE KEY----- text",
    }) as Record<string, string>;
    expect(masked).toEqual({ a: MASK, b: MASK, c: "ordinary -----END RSA PRIVATE KEY----- text" });
  });

  it("the marker says the original length; capping again (the decision log's RECORD_LIMITS) changes nothing", () => {
    const content = filler(prng(7), 1_000_000);
    const input = {
      session_id: "s1",
      tool_input: { content, list: Array.from({ length: 500 }, (_, i) => `item ${i}`), deep: JSON.parse(`${"[".repeat(40)}1${"]".repeat(40)}`) },
      many: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, "lorem ipsum ".repeat(40)])),
    };
    const out = maskForExport(input) as any;
    expect(out.tool_input.content).toMatch(/…\[truncated by hookgate: 1000000 chars\]$/);
    expect(out.tool_input.content.length).toBe(DECISION_INPUT_LIMITS.maxString);
    expect(out.tool_input.list.at(-1)).toBe("…[truncated by hookgate: 500 entries]");
    expect(capValue(out, DECISION_INPUT_LIMITS)).toEqual({ value: out, truncated: true });
    const record = capRecord({ decisionId: "d", time: "t", team: "x", event: "PreToolUse", fired: [], dryRun: [], revision: 1, latencyMs: 1, dedup: false, errors: [], input: out });
    expect(record.input).toEqual(out);
    expect(record.truncated).toBe(true);
  });

  it("capValue is idempotent on random values (property)", () => {
    const small = { maxString: 40, maxTotal: 300, maxEntries: 4, maxDepth: 3 };
    const json = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: "small" }, fc.string({ maxLength: 60 }), fc.integer(), fc.constant(null), fc.array(tie("v"), { maxLength: 6 }), fc.dictionary(fc.string({ maxLength: 50 }), tie("v"), { maxKeys: 6 })),
    })).v;
    fc.assert(
      fc.property(json, (v) => {
        const once = capValue(v, small).value;
        expect(capValue(once, small).value).toEqual(once);
        // maskForExport caps the same way
        const masked = maskForExport(v, [], small);
        expect(capValue(masked, small).value).toEqual(masked);
      }),
      { numRuns: 300 },
    );
  });

  it("what is kept is masked as much as masking the whole string masks it", () => {
    // A string of 4 KiB + a little: kept whole by neither cap's scan less than the full text.
    const text = `${filler(prng(3), 4000)} DB_PASSWORD=hunter2hunter2 ${filler(prng(4), 3000)}`;
    const out = (maskForExport({ content: text }) as any).content as string;
    expect(out).toContain("DB_PASSWORD=[masked]");
    expect(out).not.toContain("hunter2");
  });

  it("a request's judges and forwards share one masking (maskOnce): same input, same output object", () => {
    const masked = maskOnce(["tool_input.x"], MASK_SCAN_LIMITS);
    const input = { tool_input: { x: "custom", command: "echo ghp_FJLMQVXZFJLMQVXZFJLMQVXZFJLMQVXZFJLM" } };
    const a = masked(input);
    expect(masked(input)).toBe(a);
    expect(a).toEqual({ tool_input: { x: MASK, command: `echo ${MASK}` } });
    expect(masked({ ...input })).not.toBe(a);
  });
});
