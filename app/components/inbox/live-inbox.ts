/**
 * Keeps an open inbox current: every few seconds while the tab is visible it asks /inbox/pulse
 * whether anything arrived, and reloads the page's data only when something did.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export const PULSE_MS = 5_000;

export function useLiveInbox(latest: string | null) {
  const revalidator = useRevalidator();
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch("/inbox/pulse", { credentials: "same-origin", cache: "no-store" });
        if (response.status === 401) return window.location.assign("/inbox/sign-in");
        const pulse = (await response.json()) as { latest: string | null };
        if (!stopped && pulse.latest !== latest) await revalidator.revalidate();
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    };
    const timer = setInterval(check, PULSE_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [latest, revalidator]);
}
