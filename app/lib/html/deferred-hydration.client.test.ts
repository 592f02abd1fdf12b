/**
 * The loader's timing and hand-off, on its compiled text (what every page carries), run against a
 * small scripted stand-in for the browser whose frames, timers, paint entries and events the test
 * advances one at a time. The end-to-end specs (deferred-hydration-build, early-taps) check the
 * same in Chromium.
 */
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_LOADER_SCRIPT } from "./deferred-hydration";
import { DEFERRED_MODULE_TYPE, takeHeldTap } from "./deferred-hydration-contract";

class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  parent: FakeElement | undefined;
  nonce = "";
  textContent = "";
  rel = "";
  href = "";
  type = "";
  src = "";
  srcset = "";
  readonly dataset: Record<string, string> = {};
  constructor(readonly tagName: string) {}
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  appendChild(child: FakeElement): FakeElement {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  get parentNode(): FakeElement | null {
    return this.parent ?? null;
  }
  replaceChild(other: FakeElement, child: FakeElement): FakeElement {
    this.children[this.children.indexOf(child)] = other;
    other.parent = this;
    child.parent = undefined;
    return child;
  }
  replaceWith(other: FakeElement): void {
    this.parent?.replaceChild(other, this);
  }
  matches(selector: string): boolean {
    const [, tag, name, value] = /^(\w+)\[([\w-]+)(?:="([^"]*)")?\]$/.exec(selector) ?? [];
    if (!tag || !name) throw new Error(`selector not understood by the stand-in: ${selector}`);
    const attribute = name === "type" && this.type ? this.type : this.getAttribute(name);
    return this.tagName === tag && attribute !== null && (value === undefined || attribute === value);
  }
  closest(selector: string): FakeElement | null {
    return this.matches(selector) ? this : (this.parent?.closest(selector) ?? null);
  }
  *walk(): Generator<FakeElement> {
    for (const child of this.children) {
      yield child;
      yield* child.walk();
    }
  }
}

const el = (tag: string, attributes: Record<string, string> = {}, ...children: FakeElement[]) => {
  const element = new FakeElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.attributes.set(name, value);
  if (attributes.type) element.type = attributes.type;
  for (const child of children) element.appendChild(child);
  return element;
};

const PRELOADS = ["/assets/a.js", "/assets/b.js", "/assets/c.js", "/assets/d.js", "/assets/e.js", "/assets/f.js", "/assets/g.js"];

/** A page as deferHydration leaves it, with a form frame and a listing's later photo; the loader run on it. */
function loadPage({ readyState = "interactive", reportsPaint = true } = {}) {
  const parked = el("script", { type: DEFERRED_MODULE_TYPE, "data-preload": PRELOADS.join(" ") });
  parked.nonce = "n1";
  parked.textContent = 'import("/assets/a.js");';
  const frame = el("iframe", { "data-deferred-src": "https://forms.example/f" });
  const photo = el("img", { "data-deferred-src": "/p/2.webp", "data-deferred-srcset": "/p/2-480.webp 480w" });
  const label = el("span");
  const menu = el("button", { type: "button" }, label);
  const submit = el("button", { type: "submit" });
  const head = el("head");
  const body = el("body", {}, menu, submit, frame, photo, parked);
  const html = el("html", {}, head, body);

  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  let frames: (() => void)[] = [];
  const listeners = new Map<string, { listener: (event: unknown) => void; once: boolean }[]>();
  let paintObserver: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;

  const document = {
    readyState,
    documentElement: html,
    head,
    querySelector: (selector: string) => [...html.walk()].find((e) => e.matches(selector)) ?? null,
    querySelectorAll: (selector: string) => [...html.walk()].filter((e) => e.matches(selector)),
    createElement: (tag: string) => new FakeElement(tag),
  };
  class PerformanceObserver {
    static supportedEntryTypes = reportsPaint ? ["paint", "navigation"] : ["navigation"];
    constructor(private readonly callback: NonNullable<typeof paintObserver>) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      paintObserver = this.callback;
    }
    disconnect() {
      paintObserver = undefined;
    }
  }
  const window: Record<string, unknown> = {
    document,
    Element: FakeElement,
    PerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, delay = 0) => timers.push({ at: now + delay, run }),
    addEventListener: (type: string, listener: (event: unknown) => void, options: boolean | { once?: boolean } = false) => {
      listeners.set(type, [...(listeners.get(type) ?? []), { listener, once: typeof options === "object" && options.once === true }]);
    },
  };
  window.window = window;
  runInNewContext(DEFERRED_LOADER_SCRIPT, window);

  const page = {
    parked,
    frame,
    photo,
    menu,
    label,
    submit,
    window,
    /** The module preloads in <head>, in order. */
    preloads: () => head.children.filter((e) => e.rel === "modulepreload").map((e) => e.href),
    /** The module script that replaced the parked one, if any. */
    moduleScript: () => body.children.find((e) => e.tagName === "script" && e.type === "module"),
    dispatch(type: string, event: Record<string, unknown> = {}) {
      const all = listeners.get(type) ?? [];
      listeners.set(
        type,
        all.filter((l) => !l.once),
      );
      for (const { listener } of all) listener(event);
    },
    paint: (entries = ["first-paint", "first-contentful-paint"]) =>
      paintObserver?.({ getEntriesByName: (name) => entries.filter((e) => e === name) }),
    load() {
      document.readyState = "complete";
      page.dispatch("load");
    },
    /** Runs the callbacks of one animation frame. */
    nextFrame() {
      const due = frames;
      frames = [];
      for (const run of due) run();
    },
    /** Runs the timers due by `ms` from now, in order, and those they set that are due by then. */
    advance(ms = 0) {
      const until = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.run();
      }
      now = until;
    },
    /** Runs exactly one due task. */
    task() {
      const next = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!next) throw new Error("no task due");
      timers = timers.filter((t) => t !== next);
      next.run();
    },
  };
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the deferred-hydration loader", () => {
  it("starts the form frames at the first contentful paint, and nothing else", () => {
    const page = loadPage();
    page.paint(["first-paint"]);
    expect(page.frame.src).toBe("");
    page.paint();
    expect(page.frame.src).toBe("https://forms.example/f");
    expect(page.photo.src).toBe("");
    page.advance(5000);
    expect(page.preloads()).toEqual([]);
  });

  it("boots two frames after both load and the first paint, preloading three modules per task, then the module script", () => {
    const page = loadPage();
    page.load();
    page.nextFrame();
    page.nextFrame();
    page.advance(0);
    expect(page.preloads(), "not before the paint").toEqual([]);
    page.paint();
    page.nextFrame();
    expect(page.photo.src).toBe("");
    page.nextFrame();
    expect(page.photo.src).toBe("/p/2.webp");
    expect(page.photo.srcset).toBe("/p/2-480.webp 480w");
    expect(page.preloads(), "the scripts start in a task after that frame").toEqual([]);
    page.task();
    expect(page.preloads()).toEqual(PRELOADS.slice(0, 3));
    page.task();
    expect(page.preloads()).toEqual(PRELOADS.slice(0, 6));
    expect(page.moduleScript()).toBeUndefined();
    page.task();
    expect(page.preloads()).toEqual(PRELOADS);
    const script = page.moduleScript();
    expect(script?.nonce).toBe("n1");
    expect(script?.textContent).toBe('import("/assets/a.js");');
    expect(page.parked.parent, "the parked script is gone").toBeUndefined();
    page.advance(5000);
    expect(page.preloads(), "once").toEqual(PRELOADS);
  });

  it("waits for the paint when the page has loaded before the loader ran", () => {
    const page = loadPage({ readyState: "complete" });
    page.nextFrame();
    page.nextFrame();
    page.advance(0);
    expect(page.preloads()).toEqual([]);
    page.paint();
    page.nextFrame();
    page.nextFrame();
    page.task();
    expect(page.preloads()).toEqual(PRELOADS.slice(0, 3));
  });

  it("takes two frames for the first paint where the browser reports no paints", () => {
    const page = loadPage({ reportsPaint: false });
    page.nextFrame();
    expect(page.frame.src).toBe("");
    page.nextFrame();
    expect(page.frame.src).toBe("https://forms.example/f");
  });

  it("boots a second after load in a tab that paints nothing", () => {
    const page = loadPage();
    page.load();
    page.advance(999);
    expect(page.preloads()).toEqual([]);
    page.advance(1);
    expect(page.photo.src).toBe("/p/2.webp");
    expect(page.preloads()).toEqual(PRELOADS);
    expect(page.moduleScript()?.nonce).toBe("n1");
  });

  it.each(["pointerdown", "keydown", "touchstart"])("boots at the visitor's first %s", (type) => {
    const page = loadPage();
    page.dispatch(type);
    expect(page.preloads()).toEqual(PRELOADS.slice(0, 3));
    expect(page.frame.src, "frames still wait for the paint").toBe("");
  });

  it("holds a tap on a scripted button before hydration, boots, and hands the button to root.tsx once", () => {
    const page = loadPage();
    const event = { target: page.label, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
    page.dispatch("click", event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(event.stopImmediatePropagation).toHaveBeenCalled();
    expect(page.preloads()).toEqual(PRELOADS.slice(0, 3));
    // root.tsx, in the page's own window.
    vi.stubGlobal("window", page.window);
    expect(takeHeldTap()).toBe(page.menu);
    expect(takeHeldTap()).toBeUndefined();
  });

  it("leaves alone taps elsewhere, and every tap once the page has hydrated", () => {
    const page = loadPage();
    const elsewhere = { target: page.submit, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
    page.dispatch("click", elsewhere);
    expect(elsewhere.preventDefault).not.toHaveBeenCalled();
    // root.tsx's markHydrated, in the page's own document.
    (page.window.document as { documentElement: FakeElement }).documentElement.dataset.hydrated = "true";
    const late = { target: page.menu, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
    page.dispatch("click", late);
    expect(late.preventDefault).not.toHaveBeenCalled();
    vi.stubGlobal("window", page.window);
    expect(takeHeldTap()).toBeUndefined();
  });
});
