/**
 * Toasts (sonner) loaded on demand.
 *
 * Most visits never show a toast, so the toast library is not part of any page's initial
 * script: the first call loads it, mounts the <Toaster> through the host in the root layout
 * (components/toaster-host.tsx), then shows the message. Same call shape as sonner's `toast`.
 */
import type * as SonnerModule from "sonner";

type Sonner = typeof SonnerModule;
export interface ToastOptions {
  description?: string;
  id?: string | number;
}

let sonner: Promise<Sonner> | undefined;
let mountToaster: (() => Promise<void>) | undefined;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/** Called by the toaster host: resolves once <Toaster> is mounted and listening. */
export function registerToasterHost(mount: (() => Promise<void>) | undefined) {
  mountToaster = mount;
}

async function show(kind: "success" | "error" | "message", title: string, options?: ToastOptions) {
  const { toast: sonnerToast } = await loadSonner();
  await mountToaster?.();
  if (kind === "message") sonnerToast(title, options);
  else sonnerToast[kind](title, options);
}

export const toast = {
  success: (title: string, options?: ToastOptions) => void show("success", title, options),
  error: (title: string, options?: ToastOptions) => void show("error", title, options),
  message: (title: string, options?: ToastOptions) => void show("message", title, options),
};
