import { type ComponentType, type ReactElement, Suspense, use, useEffect, useRef, useState, useSyncExternalStore } from "react";

/**
 * A part of a page whose code loads when the visitor reaches for it (issue 45, decision 061):
 * the server renders it whole, and in the browser its server HTML stays, as it is, until the
 * visitor points at it, touches it, or moves the focus into it; then its chunk loads and React
 * hydrates it (a Suspense boundary that suspends while hydrating keeps its server HTML).
 *
 * Made once per part, at module level:
 * `const LazyForm = lazyPart(() => import("./form").then((m) => m.Form))`. The wrapper adds one <div> around the part,
 * which takes `className` (a margin the part would otherwise have carried).
 *
 * New props for a part not hydrated yet load it too (they show once it has hydrated).
 *
 * Until the part hydrates it works as the page does without JavaScript: its forms post, its
 * links navigate. What the visitor types meanwhile stays in the fields, and once the part has
 * hydrated each changed field is handed to React as a change, so a controlled field's state takes
 * the typed value rather than putting the server's back (React hydrates a field without reading
 * its value, and resets a textarea to its default text). A tap on a scripted button (type=button)
 * before the part hydrated is carried out once it has.
 *
 * Mounted after the page has hydrated (a navigation in the browser), the part renders as soon as
 * its chunk is in, the router's transition keeping the previous page until then.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load());
  let release!: () => void;
  // Resolved on the first reach for any instance of the part: hydration waits on this, not on the chunk alone.
  const reached = new Promise<void>((resolve) => (release = resolve));
  let wanted: Promise<ComponentType<P>> | undefined;
  const whenReached = () => (wanted ??= reached.then(start));

  function Gate({ props, hydrating, hydration }: { props: P; hydrating: boolean; hydration: Hydration }) {
    // On the server (no document) the part renders at once; in the browser's hydration it waits to be reached.
    const Part = use(hydrating && typeof document !== "undefined" ? whenReached() : start());
    // About to hydrate: the fields as the visitor left them, read before React resets a textarea to its default text.
    if (hydrating && typeof document !== "undefined") hydration.before();
    return (
      <>
        <Part {...props} />
        {hydrating && <AfterHydration run={hydration.after} />}
      </>
    );
  }

  function LazyPart({ className, ...props }: P & { className?: string }) {
    const ref = useRef<HTMLDivElement>(null);
    // Decided at the first render: on the server, and while React hydrates the part's place, it renders over server
    // HTML (React reads the server snapshot then and only then; the page's own hydrated mark comes too early, as
    // the page's Suspense boundaries hydrate after it).
    const hydrating = useRef(useSyncExternalStore(noChange, clientRender, serverOrHydration)).current;
    const pending = useRef<PendingInput | null>(null);

    useEffect(() => {
      const root = ref.current;
      if (!hydrating || !root) return;
      const input: PendingInput = { typed: new Map(), tapped: null };
      pending.current = input;
      // Typed into before the page itself had hydrated: the fields still hold the server's defaults to compare with.
      if (typedFields(root, input.typed) > 0) release();
      // On window, capturing: React stops the events aimed at a part it has not hydrated at the document.
      const reach = (event: Event) => {
        if (!(event.target instanceof Node) || !root.contains(event.target)) return;
        release();
        const field = event.target;
        if (
          (event.type === "input" || event.type === "change") &&
          (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
        )
          input.typed.set(field, isBox(field) ? (field as HTMLInputElement).checked : field.value);
        if (event.type === "click") {
          const button = event.target instanceof Element ? event.target.closest("button") : null;
          if (button?.type === "button") input.tapped = button;
        }
      };
      for (const type of REACH_EVENTS) window.addEventListener(type, reach, { capture: true, passive: true });
      input.stop = () => {
        for (const type of REACH_EVENTS) window.removeEventListener(type, reach, { capture: true });
      };
      return input.stop;
    }, [hydrating]);

    const [live, setLive] = useState(!hydrating);
    // Stable, so the part's effect runs once, when it has hydrated.
    const hydration = useRef<Hydration>({
      before: () => {
        if (ref.current && pending.current) typedFields(ref.current, pending.current.typed);
      },
      after: () => {
        setLive(true);
        const input = pending.current;
        if (!input) return;
        input.stop?.();
        pending.current = null;
        for (const [field, value] of input.typed) if (field.isConnected) replayField(field, value);
        if (input.tapped?.isConnected) input.tapped.click();
      },
    }).current;

    // Until the part has hydrated, the boundary is the same element, made from the server's props: React drops the
    // server HTML of a boundary that receives an update before it has hydrated (and here shows nothing until the
    // visitor reaches for it). Props changed meanwhile (the listing's figures) reach the part once it is live.
    const boundary = useRef<ReactElement | null>(null);
    const serverProps = useRef(props);
    // New props for a part still showing the server's (the listing's figures after the cost panel changed): its code
    // is needed to show them, so it loads now.
    const changed = !live && !sameProps(serverProps.current, props);
    useEffect(() => {
      if (changed) release();
    }, [changed]);
    const part = <Gate props={props as P} hydrating={hydrating} hydration={hydration} />;
    if (hydrating) boundary.current = live || !boundary.current ? <Suspense fallback={null}>{part}</Suspense> : boundary.current;
    return (
      <div ref={ref} className={className}>
        {hydrating ? boundary.current : part}
      </div>
    );
  }
  return LazyPart;
}

const noChange = () => () => {};
const clientRender = () => false;
const serverOrHydration = () => true;

/** Props that say the same: data is compared by value, as the page's data may come again as new objects with the same content. */
function sameProps(a: object, b: object): boolean {
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => {
      const [x, y]: unknown[] = [a[key as keyof object], b[key as keyof object]];
      return Object.is(x, y) || (typeof x === "object" && typeof y === "object" && JSON.stringify(x) === JSON.stringify(y));
    })
  );
}

/** Called by the part's boundary just before it hydrates, and once it has. */
interface Hydration {
  before: () => void;
  after: () => void;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Adds to `typed` the fields of `root` whose value is not the server's; returns how many there are. */
function typedFields(root: Element, typed: Map<Field, string | boolean>): number {
  for (const field of root.querySelectorAll<Field>("input, textarea, select")) {
    const value = typedValue(field);
    if (value !== undefined) typed.set(field, value);
  }
  return typed.size;
}

/** What the visitor did to a part before it hydrated. */
interface PendingInput {
  typed: Map<Field, string | boolean>;
  tapped: HTMLButtonElement | null;
  stop?: () => void;
}

/** Reaching for a part: pointing at it (a mouse), touching it, the focus moving into it; typing and taps are recorded too. */
const REACH_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "input", "change", "click"] as const;

function isBox(field: Element): boolean {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
}

/** A field's value when it is not the one the server rendered, else undefined. */
function typedValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string | boolean | undefined {
  if (field instanceof HTMLInputElement && field.type === "hidden") return undefined;
  if (field instanceof HTMLSelectElement) {
    const rendered = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
    return field.value !== rendered?.value ? field.value : undefined;
  }
  if (isBox(field)) {
    const box = field as HTMLInputElement;
    return box.checked !== box.defaultChecked ? box.checked : undefined;
  }
  return field.value !== field.defaultValue ? field.value : undefined;
}

/** Runs once the boundary it sits in has hydrated (its effects run with the part's). */
function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * Hands a value typed before hydration to React as a change. React notices a change by comparing
 * the field's value with the one it last saw (its value tracker, which the `value` setter of the
 * element updates and the prototype's setter does not): so the field is first set, through the
 * element, to something else, then back to the typed value through the prototype, and an input
 * event sent. A box or a radio is set to the other state and clicked back.
 */
export function replayField(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, typed: string | boolean): void {
  if (typeof typed === "boolean") {
    if (!(field instanceof HTMLInputElement) || (field.type === "radio" && !typed)) return;
    field.checked = !typed;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = typed;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  field.value = `${typed} `;
  setValue?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
