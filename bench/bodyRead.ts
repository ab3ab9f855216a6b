/**
 * How to read a request body under a byte limit (src/http/context.ts readBodyText), measured in Node:
 * `npx tsx bench/bodyRead.ts`. Each variant reads the same prebuilt chunks from a fresh ReadableStream, decodes
 * strictly as UTF-8 and JSON-parses the text (the next step on every request, and where a rope from string
 * concatenation gets flattened). Node is not workerd, so only the ratios between variants mean something.
 * Process CPU time (not wall time: the machine may be busy), BENCH_REPS (15) rounds, each variant once per round;
 * the cheapest round of each is reported.
 */
import { HookgateError } from "../src/http/errors";

type Read = (body: ReadableStream<Uint8Array>, limit: number) => Promise<string>;
const strict = () => new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const tooLarge = (limit: number) => new HookgateError("payload_too_large", `request body is larger than ${limit} bytes`);

/** Every chunk kept, then copied into one buffer and decoded once. */
const collectCopy: Read = async (body, limit) => {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return strict().decode(all);
};

/** The same, but a body that arrived in one chunk is decoded where it is (no copy). */
const collectOneChunkInPlace: Read = async (body, limit) => {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return strict().decode(chunks[0]);
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return strict().decode(all);
};

/** Each chunk decoded as it arrives (streaming TextDecoder), the pieces concatenated. */
const streamingDecode: Read = async (body, limit) => {
  const reader = body.getReader();
  const decoder = strict();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
};

/** No limit at all, for reference: the runtime's own read (`c.req.arrayBuffer()`), then one decode. */
const arrayBufferNoLimit: Read = async (body) => strict().decode(await new Response(body).arrayBuffer());

const variants: [string, Read][] = [
  ["collect + copy (before)", collectCopy],
  ["one chunk in place (readBodyText now)", collectOneChunkInPlace],
  ["streaming TextDecoder", streamingDecode],
  ["Response.arrayBuffer(), no limit (reference)", arrayBufferNoLimit],
];

/** A Write hook input of `size` bytes; `accented`: a quarter of its content bytes are two-byte "é". */
function jsonOf(size: number, accented = true): Uint8Array {
  const base = { session_id: "s", hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "/x", content: "" } };
  const need = size - JSON.stringify(base).length;
  const e = accented ? Math.floor(need / 8) : 0;
  base.tool_input.content = "é".repeat(e) + "x".repeat(need - 2 * e);
  return new TextEncoder().encode(JSON.stringify(base));
}
function chunked(bytes: Uint8Array, chunk: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += chunk) out.push(bytes.subarray(at, at + chunk));
  return out;
}
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

const cases: [string, Uint8Array[]][] = [
  ["1 KiB, 1 chunk", [jsonOf(1024)]],
  ["1 KiB ASCII, 1 chunk", [jsonOf(1024, false)]],
  ["64 KiB, 1 chunk", [jsonOf(64 * 1024)]],
  ["64 KiB, 16 KiB chunks", chunked(jsonOf(64 * 1024), 16 * 1024)],
  ["1 MiB, 64 KiB chunks", chunked(jsonOf(1024 * 1024), 64 * 1024)],
  ["1 MiB ASCII, 64 KiB chunks", chunked(jsonOf(1024 * 1024, false), 64 * 1024)],
  ["1 MiB, 4 KiB chunks", chunked(jsonOf(1024 * 1024), 4 * 1024)],
];

const LIMIT = 1024 * 1024 + 1024;
const REPS = Number(process.env.BENCH_REPS ?? 15);
const rows: Record<string, string>[] = [];
for (const [what, chunks] of cases) {
  const bytes = chunks.reduce((n, c) => n + c.byteLength, 0);
  const iterations = Math.max(10, Math.round(4e7 / bytes));
  const expected = JSON.stringify(JSON.parse(await collectCopy(streamOf(chunks), LIMIT)));
  for (const [name, read] of variants) {
    if (JSON.stringify(JSON.parse(await read(streamOf(chunks), LIMIT))) !== expected) throw new Error(`${name} read something else`);
    for (let i = 0; i < iterations / 4; i++) JSON.parse(await read(streamOf(chunks), LIMIT)); // warm up
  }
  // Variants interleaved round by round, so a busy machine affects them alike; the cheapest round of each counts.
  const best = variants.map(() => Number.POSITIVE_INFINITY);
  for (let rep = 0; rep < REPS; rep++) {
    for (const [k, [, read]] of variants.entries()) {
      const t0 = process.cpuUsage();
      for (let i = 0; i < iterations; i++) JSON.parse(await read(streamOf(chunks), LIMIT));
      const used = process.cpuUsage(t0);
      best[k] = Math.min(best[k]!, (used.user + used.system) / iterations);
    }
  }
  const row: Record<string, string> = { body: what };
  for (const [k, [name]] of variants.entries()) row[name] = `${best[k]!.toFixed(1)} µs`;
  rows.push(row);
}
console.table(rows);
