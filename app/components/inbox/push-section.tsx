/**
 * The Account page's "Notifications on this device": turn on pushes for new leads in this browser
 * (script only: the service worker and the subscription are the browser's), the devices that
 * receive them with "Send a test" and "Remove", and whether the lock screen shows a lead's details.
 * The lists and the details setting are plain forms to the page's action, working without script.
 */
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import type { PushDevice } from "~/lib/inbox";
import { PUSH_BLOCKED_MESSAGE, type PushSupport, pushSupport } from "~/lib/inbox-push";
import { Button } from "~/components/ui/button";
import { InboxSection, Notice, RULED, Time } from "./inbox-ui";

export interface PushSettings {
  /** The server's VAPID public key, base64url. */
  publicKey: string;
  hideDetails: boolean;
  devices: PushDevice[];
}

/** What the Account page's action answers to `intent=push-subscribe` (what was done, or why not). */
type SubscribeAnswer = FormResult<never, never, string>;

export function PushSection({ push, notice }: { push: PushSettings; notice?: React.ReactNode }) {
  return (
    <InboxSection name="push" title="Notifications on this device" className={RULED} large>
      <p className="mt-2 text-ink-muted">
        A notification on this phone or computer the moment a lead arrives; tapping it opens the inbox. Turn them on on each device you want
        them on.
      </p>
      {notice}
      <div className="mt-3">
        <TurnOnPush publicKey={push.publicKey} />
      </div>

      <h3 className="mt-5 font-bold">Devices that get notifications</h3>
      {push.devices.length === 0 ? (
        <p className="mt-1 text-ink-muted">None yet.</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="push-devices">
          {push.devices.map((d, i) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-line p-3">
              <span className="min-w-0 break-words">
                {d.browser}, added <Time date={d.createdAt} />,{" "}
                {d.lastPushAt ? (
                  <>
                    last notified <Time date={d.lastPushAt} />
                  </>
                ) : (
                  "never notified yet"
                )}
              </span>
              <div className="ml-auto flex gap-1">
                <Form method="post">
                  <input type="hidden" name="intent" value="push-test" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className="min-h-11 px-2 text-sm font-bold text-brand underline">
                    Send a test
                    <span className="sr-only">
                      {" "}
                      to device {i + 1}, {d.browser}
                    </span>
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="push-remove" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className="min-h-11 px-2 text-sm font-bold text-danger underline">
                    Remove
                    <span className="sr-only">
                      {" "}
                      device {i + 1}, {d.browser}
                    </span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Form method="post" className="mt-5 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="push-details" />
        {/* Keyed by the saved value: after a save elsewhere the box shows what the server has. */}
        <label key={String(push.hideDetails)} className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="hide" defaultChecked={push.hideDetails} className="size-5 accent-brand" />
          <span>Hide lead details on the lock screen (show “New lead” only)</span>
        </label>
        <Button type="submit" variant="secondary">
          Save
        </Button>
      </Form>
    </InboxSection>
  );
}

/** What this browser allows, learnt after hydration (the server cannot know). */
interface BrowserState {
  support: PushSupport;
  blocked: boolean;
  subscribed: boolean;
}

function readBrowser(): Omit<BrowserState, "subscribed"> {
  const standalone =
    window.matchMedia?.("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const support = pushSupport({
    serviceWorker: "serviceWorker" in navigator,
    pushManager: "PushManager" in window,
    userAgent: navigator.userAgent,
    standalone,
    maxTouchPoints: navigator.maxTouchPoints,
  });
  return { support, blocked: support === "supported" && typeof Notification !== "undefined" && Notification.permission === "denied" };
}

/** "Turn on notifications on this device", where the browser can; else why not. */
function TurnOnPush({ publicKey }: { publicKey: string }) {
  const [browser, setBrowser] = useState<BrowserState | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const fetcher = useFetcher<SubscribeAnswer>();
  useEffect(() => {
    const found = readBrowser();
    setBrowser({ ...found, subscribed: false });
    if (found.support !== "supported") return;
    let live = true;
    void import("./push.client")
      .then(({ subscribedAlready }) => subscribedAlready())
      .then((subscribed) => live && setBrowser((b) => (b ? { ...b, subscribed } : b)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (browser === null) return null;
  if (browser.support === "ios-home-screen") {
    return (
      <p className="text-sm" data-testid="push-unsupported">
        On an iPhone or iPad, notifications work from the inbox added to the Home Screen: tap Share, then “Add to Home Screen”, open the
        inbox from its new icon, sign in and come back to this page.
      </p>
    );
  }
  if (browser.support === "unsupported") {
    return (
      <p className="text-sm text-ink-muted" data-testid="push-unsupported">
        This browser cannot receive notifications from the inbox. Use a recent Chrome, Edge, Firefox or Safari (on an iPhone, from the Home
        Screen).
      </p>
    );
  }

  const turnOn = async () => {
    setState({ busy: true, error: null });
    // Asked first, straight from the tap: Safari shows the question only in answer to one.
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setBrowser({ ...browser, blocked: permission === "denied" });
      setState({
        busy: false,
        error:
          permission === "denied"
            ? PUSH_BLOCKED_MESSAGE
            : "The question was closed without an answer. Press the button again and choose Allow.",
      });
      return;
    }
    const { pushErrorMessage, subscribeThisDevice } = await import("./push.client");
    try {
      const keys = await subscribeThisDevice(publicKey);
      // The action stores it; the page's data is then reloaded, listing this device.
      await fetcher.submit({ intent: "push-subscribe", ...keys }, { method: "post", action: "/inbox/account" });
      setBrowser({ ...browser, blocked: false, subscribed: true });
      setState({ busy: false, error: null });
    } catch (e) {
      setState({ busy: false, error: pushErrorMessage(e) });
    }
  };
  const busy = state.busy || fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <div className="space-y-3">
      {browser.subscribed && !answer && <p className="text-sm">This browser gets notifications. If it stopped, turn them on again.</p>}
      {browser.blocked && !state.error && <Notice tone="error">{PUSH_BLOCKED_MESSAGE}</Notice>}
      <Button type="button" variant={browser.subscribed ? "secondary" : "primary"} onClick={turnOn} disabled={busy}>
        {busy ? "Turning on..." : "Turn on notifications on this device"}
      </Button>
      {state.error && <Notice tone="error">{state.error}</Notice>}
      {answer?.status === "error" && <Notice tone="error">{answer.message}</Notice>}
      {answer?.status === "success" && answer.message && <Notice tone="info">{answer.message}</Notice>}
    </div>
  );
}
