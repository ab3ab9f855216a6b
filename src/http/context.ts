import type { Context } from "hono";
import type { z } from "zod";
import type { AdminCaller } from "../access/scopes";
import type { Gate } from "../gate/gate";
import type { Services } from "../services";
import { bodyLimitOf } from "../config";
import { maskText } from "../engine/secrets/maskCut";
import { HookgateError } from "./errors";

export type AppEnv = {
  Bindings: Env;
  Variables: { requestId: string; services: Services; gate: Gate; team: string; caller: AdminCaller };
};
export type AppContext = Context<AppEnv>;

/** What a request works with: the isolate's services for its env, and the Gate built on them. */
export interface Wiring {
  services: Services;
  gate: Gate;
}

const REQUEST_ID_LIMIT = 128;
const REQUEST_ID_CHARS = /^[\w\-=]+$/;

/**
 * The request's id: the caller's X-Request-Id when it is a short token of word characters, `-` and `=` (so it can
 * be quoted in a log line as it is) that the masker leaves alone, else a fresh UUID. Made once per request, on
 * first use. (A token sent as the id would come back in every answer's header and error envelope.)
 */
export function requestIdOf(c: AppContext): string {
  let id = c.get("requestId");
  if (id === undefined) {
    const sent = c.req.header("x-request-id");
    id = sent && sent.length <= REQUEST_ID_LIMIT && REQUEST_ID_CHARS.test(sent) && maskText(sent) === sent ? sent : crypto.randomUUID();
    c.set("requestId", id);
  }
  return id;
}

const tooLarge = (limit: number) => new HookgateError("payload_too_large", `request body is larger than ${limit} bytes`);

/**
 * Read the body as text, refusing more than `limit` bytes before anything is parsed — from Content-Length when
 * it is declared, and by counting the stream when it is chunked. hookgate's own rather than `hono/body-limit`: that
 * middleware would have to sit in each route after the token check, and it copies the body into a new Request that
 * is then read again. A body that arrives in one chunk (most hook inputs) is decoded where it is, with no copy
 * (bench/bodyRead.ts measures the ways of reading it).
 */
export async function readBodyText(c: AppContext): Promise<string> {
  const limit = bodyLimitOf(c.env);
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
  // A declared length under the limit: the runtime reads exactly that many bytes (the HTTP framing ends the body
  // there), so one native read does it — the read loop below costs ~4× as much CPU on workerd per hook call.
  // (checked again after the read: a Request made in code, not parsed off the wire, need not keep to its header)
  // `.body` is not touched on this path: its getter makes a JS ReadableStream that this read never uses (~7 µs of CPU
  // per hook call on workerd, bench/ compare).
  if (declared !== undefined && /^\d+$/.test(declared)) {
    const bytes = await c.req.raw.arrayBuffer();
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return decodeUtf8(new Uint8Array(bytes));
  }
  const body = c.req.raw.body;
  if (!body) return "";
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
  const all = chunks.length === 1 ? chunks[0]! : new Uint8Array(size);
  if (chunks.length > 1) {
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  return decodeUtf8(all);
}

/**
 * fatal: bytes that are not UTF-8 are not JSON (RFC 8259 §8.1); a lenient decode would evaluate U+FFFD instead of
 * what was sent. Module scope: a decode without `stream` keeps no state between calls, and making a decoder per
 * request was a measurable part of reading the body.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch (e) {
    throw new HookgateError("invalid_json", "request body is not valid UTF-8 JSON", { detail: String(e) });
  }
}

async function readJsonObject(c: AppContext): Promise<Record<string, unknown>> {
  return (await readJsonBody(c)).value;
}

/** The body parsed as a JSON object, with the text it came from. */
export async function readJsonBody(c: AppContext): Promise<{ text: string; value: Record<string, unknown> }> {
  const text = await readBodyText(c);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // V8's message quotes the start of the body, which may be a secret: keep only what went wrong and where.
    const detail = String(e).replace(/"[\s\S]*"/, '"…"');
    throw new HookgateError("invalid_json", "request body is not valid JSON", { detail });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new HookgateError("invalid_json", "request body must be a JSON object");
  return { text, value: value as Record<string, unknown> };
}

export function issuesToProblems(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(body)", message: i.message }));
}

/** The one validation hook: JSON body → schema, or a 400 listing every problem. */
export async function validatedBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  const body = await readJsonObject(c);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new HookgateError("invalid_input", "request body is not valid", { problems: issuesToProblems(parsed.error) });
  return parsed.data;
}
