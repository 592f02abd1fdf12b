import { type ComponentType, useEffect, useRef, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, registerToasterHost } from "~/lib/toast";

/**
 * Mounts sonner's <Toaster> the first time a toast is shown (see lib/toast.ts), with the
 * settings of spec §9: bottom-right, at most 3 visible, 4000 ms, Alt+T, following the theme.
 */
export function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const waiting = useRef<(() => void)[]>([]);

  useEffect(() => {
    registerToasterHost(
      () =>
        new Promise<void>((resolve) => {
          if (Toaster) return resolve();
          waiting.current.push(resolve);
          void loadSonner().then((m) => setToaster(() => m.Toaster));
        }),
    );
    return () => registerToasterHost(undefined);
  }, [Toaster]);

  // Children's effects run first, so by now the Toaster is subscribed to new toasts.
  useEffect(() => {
    if (!Toaster) return;
    for (const resolve of waiting.current.splice(0)) resolve();
  }, [Toaster]);

  if (!Toaster) return null;
  return <Toaster position="bottom-right" visibleToasts={3} duration={4000} hotkey={["altKey", "KeyT"]} theme="system" richColors closeButton />;
}
