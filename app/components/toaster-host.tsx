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

  useCloseWhenFocusLeaves(Boolean(Toaster));

  if (!Toaster) return null;
  return (
    <Toaster position="bottom-right" visibleToasts={3} duration={4000} hotkey={["altKey", "KeyT"]} theme="system" richColors closeButton />
  );
}

/**
 * Alt+T expands sonner's list and moves focus into it, which pauses every toast's 4 s timer;
 * sonner only collapses it again on Escape or when a pointer that entered the list leaves it
 * (sonner 2.0.8). So focus that leaves by Tab or a click elsewhere left the toasts up for good
 * (issue 39). When focus leaves the list for somewhere outside it and no pointer is over it, this
 * tells sonner the pointer left (the mouseout its own mouseleave handler listens to): the list
 * collapses and the timers run out as usual.
 */
function useCloseWhenFocusLeaves(mounted: boolean) {
  useEffect(() => {
    if (!mounted) return;
    const onFocusOut = (event: FocusEvent) => {
      const list = event.target instanceof Element ? event.target.closest("[data-sonner-toaster]") : null;
      if (!list) return;
      const next = event.relatedTarget;
      if (next instanceof Node && list.contains(next)) return;
      if (list.matches(":hover")) return;
      list.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: next instanceof Node ? next : document.body }));
    };
    document.addEventListener("focusout", onFocusOut);
    return () => document.removeEventListener("focusout", onFocusOut);
  }, [mounted]);
}
