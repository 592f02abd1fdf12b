/**
 * HTTP/1.1 over a bare socket: requests no HTTP client would send (malformed request lines and
 * escapes, bodies that arrive slowly or never finish).
 */
import type { Socket } from "node:net";
import { connect } from "node:net";
import { HOST } from "./ports";

export interface RawResponse {
  status: number;
  /** The status line's reason phrase ("Unauthorized"). */
  statusText: string;
  /** The last value of each header, by lower-cased name. */
  headers: Record<string, string>;
  /** Every header line as received (lower-cased name, value), repeated ones included (Set-Cookie). */
  headerLines: [string, string][];
  body: string;
}

export function parseResponse(raw: Buffer): RawResponse {
  const text = raw.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const head = end >= 0 ? text.slice(0, end) : text;
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  const headerLines: [string, string][] = [];
  for (const line of lines) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    headers[name] = line.slice(i + 1).trim();
    headerLines.push([name, headers[name]]);
  }
  let body = end >= 0 ? raw.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1")) : Buffer.alloc(0);
  if (headers["transfer-encoding"]?.includes("chunked")) body = dechunk(body);
  return {
    status: Number(statusLine.split(" ")[1] ?? 0),
    statusText: statusLine.split(" ").slice(2).join(" "),
    headers,
    headerLines,
    body: body.toString("utf8"),
  };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Sends `request` as is (it should carry `Connection: close`) and reads until the server closes.
 * The socket is not half-closed after the request: a server may take an early FIN for a client
 * that went away and drop the request.
 */
export function rawRequest(port: number, request: Buffer | string, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, HOST);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseResponse(Buffer.concat(chunks))));
    socket.write(request);
  });
}

/**
 * A POST over its own connection, whose body is sent in two steps: the headers and the first
 * `sentAtOnce` bytes now (default: half), the rest on `finish`. `connected` resolves when the
 * connection is established, so a test knows the request has reached the server's machine.
 */
export class SlowRequest {
  private readonly socket: Socket;
  private readonly chunks: Buffer[] = [];
  private readonly rest: string;
  readonly response: Promise<RawResponse>;
  readonly connected: Promise<void>;

  constructor(port: number, path: string, body: string, headers: Record<string, string>, sentAtOnce = Math.floor(body.length / 2)) {
    this.socket = connect(port, HOST);
    this.connected = new Promise((resolve) => this.socket.once("connect", () => resolve()));
    this.response = new Promise((resolve, reject) => {
      this.socket.on("data", (c: Buffer) => this.chunks.push(c));
      this.socket.on("error", reject);
      this.socket.on("close", () => resolve(parseResponse(Buffer.concat(this.chunks))));
    });
    this.response.catch(() => undefined);
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: ${HOST}:${port}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Connection: close",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ].join("\r\n");
    this.rest = body.slice(sentAtOnce);
    this.socket.write(head + body.slice(0, sentAtOnce));
  }

  finish(): void {
    if (this.rest) this.socket.write(this.rest);
  }

  destroy(): void {
    this.socket.destroy();
  }
}
