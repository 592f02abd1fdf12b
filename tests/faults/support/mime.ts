/** Just enough MIME to read the parts of the notification e-mail the way a mail client shows them. */

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The decoded bodies of the message's parts, by content type (text/plain, text/html). */
export function mimeParts(raw: string): { type: string; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  let chunks = [raw];
  for (const b of boundaries) chunks = chunks.flatMap((c) => c.split(`--${b}`));
  const parts: { type: string; body: string }[] = [];
  for (const chunk of chunks) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = chunk.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
    const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase();
    if (!type || !type.startsWith("text/")) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    const body = chunk.slice(split).trim();
    parts.push({
      type,
      body:
        encoding === "base64"
          ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
          : encoding === "quoted-printable"
            ? decodeQuotedPrintable(body)
            : body,
    });
  }
  return parts;
}
