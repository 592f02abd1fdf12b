import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";

export interface Suggestion {
  account: string;
  label: string;
  neighbourhood: string | null;
}

/** Suggestions start at the third character typed (issue 43). */
const MIN_CHARS = 3;
/** A pause in typing before asking: one request per pause, not per key. */
const DEBOUNCE_MS = 150;

/**
 * The home-value page's address box: a plain GET form to /home-value (the page lists the matches
 * without JavaScript); with it, an editable combobox with a list of suggestions, as the WAI-ARIA
 * Authoring Practices' "combobox with listbox popup" describes: the focus stays in the input,
 * Down and Up move through the options (aria-activedescendant), Enter opens the one chosen,
 * Escape closes the list, and a polite live region says how many suggestions there are.
 */
export function AddressSearch({ defaultValue = "" }: { defaultValue?: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    const typed = value.trim();
    if (typed.replace(/[^A-Za-z0-9]/g, "").length < MIN_CHARS) {
      request.current?.abort();
      setOptions([]);
      setOpen(false);
      setStatus("");
      return;
    }
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/home-value/suggest?q=${encodeURIComponent(typed)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then(({ suggestions }) => {
          setOptions(suggestions);
          setActive(-1);
          setOpen(true);
          setStatus(
            suggestions.length === 0
              ? "No address found. Type the house number, then the street."
              : `${suggestions.length} address${suggestions.length === 1 ? "" : "es"} found. Use the up and down arrows to choose.`,
          );
        })
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, hydrated]);

  const choose = (s: Suggestion) => {
    setOpen(false);
    setValue(s.label);
    void navigate(`/home-value/${s.account}`);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && options.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === "ArrowUp" && options.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === "Enter" && open && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = hydrated && open && options.length > 0;
  return (
    <form method="get" action="/home-value" role="search" className="mt-6" data-testid="address-search">
      <label htmlFor={`${id}-input`} className="block font-bold text-ink">
        Your home&rsquo;s address in Edmonton
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        The house number, then the street: &ldquo;10234 105 Street NW&rdquo;, or &ldquo;#1203 10135 116 St&rdquo; for a condo.
      </p>
      <div className="relative mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-input`}
          name="address"
          type="text"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={120}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          aria-describedby={`${id}-hint`}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": listId,
                ...(expanded && active >= 0 ? { "aria-activedescendant": `${listId}-${active}` } : {}),
              }
            : {})}
          className="min-h-11 w-full rounded-md border border-line bg-surface px-3 py-2 text-lg text-ink"
        />
        <Button type="submit" className="shrink-0">
          Find my home
        </Button>
        {hydrated && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Addresses"
            hidden={!expanded}
            className="absolute top-full right-0 left-0 z-20 mt-1 max-h-80 overflow-y-auto rounded-md border border-line bg-surface shadow-lg"
          >
            {options.map((s, i) => (
              <li
                key={s.account}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(s)}
                className={`min-h-11 cursor-pointer px-3 py-2 wrap-anywhere ${i === active ? "bg-brand text-white" : "text-ink hover:bg-brand-soft"}`}
              >
                <span className="font-bold">{s.label}</span>
                {s.neighbourhood && <span className={i === active ? "" : "text-ink-muted"}>{` · ${s.neighbourhood}`}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </form>
  );
}
