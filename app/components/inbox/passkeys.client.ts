/**
 * The browser's half of passkeys, through @simplewebauthn/browser: ask the server for options,
 * let the browser create or use a passkey, send the answer back. Loaded only by inbox pages.
 */
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";

async function post<T>(body: unknown): Promise<T> {
  const response = await fetch("/inbox/passkey", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`);
  return answer;
}

/** Signs in with a passkey; resolves to where to go next. */
export async function signInWithPasskey(next: string): Promise<string> {
  const { options } = await post<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>({ intent: "sign-in-options" });
  const response = await startAuthentication({ optionsJSON: options });
  const { next: target } = await post<{ next: string }>({ intent: "sign-in", response, next });
  return target;
}

/** Creates a passkey for the signed-in account on this device. */
export async function addPasskey(): Promise<void> {
  const { options } = await post<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>({ intent: "register-options" });
  const response = await startRegistration({ optionsJSON: options });
  await post({ intent: "register", response });
}

/** A person cancelling the browser's passkey prompt is not an error worth shouting about. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return "The passkey prompt was closed. Try again when you are ready.";
  return error instanceof Error && error.message ? `${fallback} (${error.message})` : fallback;
}
