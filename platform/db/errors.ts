/**
 * Reading PostgreSQL errors through the layers that wrap them (drizzle wraps the driver's error
 * in `cause`). Both drivers expose the SQLSTATE as `code`.
 */

/** SQLSTATE of "permission denied", also raised by row-level security policies. */
export const INSUFFICIENT_PRIVILEGE = "42501";

export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function messageChainOf(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error) parts.push(e.message);
    else parts.push(String(e));
  }
  return parts.join(" <- ");
}

/** True for a refusal by grants or by a row-level security policy. */
export function isPermissionError(error: unknown): boolean {
  return sqlStateOf(error) === INSUFFICIENT_PRIVILEGE || /row[- ]level security/i.test(messageChainOf(error));
}
