import { Tooltip } from "~/components/ui/tooltip";
import Mail from "lucide-react/icons/mail";
import Menu from "lucide-react/icons/menu";
import Phone from "lucide-react/icons/phone";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { site } from "~/content/site";
import { navLinks } from "./nav-links";

export function Header() {
  return (
    <header className="border-b border-line bg-surface">
      <TopBanner />
      <MainNav />
    </header>
  );
}

function TopBanner() {
  return (
    <div className="bg-brand-strong text-sm text-white dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2">
        <p className="">{site.tipLine}</p>
        {/* Stacked on phones: the e-mail keeps its place however much of the line has been parsed
            when the browser first paints (a slow phone paints partial HTML; wrapping moved it). */}
        <div className="flex flex-col items-start gap-y-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-5">
          <a href={site.agent.phoneHref} className="inline-flex items-center gap-1.5 hover:underline">
            <Phone aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">Call </span>
              {site.agent.phone}
            </span>
          </a>
          <a href={`mailto:${site.agent.email}`} className="inline-flex items-center gap-1.5 hover:underline">
            <Mail aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">E-mail </span>
              {site.agent.email}
            </span>
          </a>
        </div>
      </div>
    </div>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-[0.95rem] hover:bg-brand-soft ${isActive ? "text-brand underline decoration-2" : "text-ink"}`;

function MainNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close the menu whenever the page changes.
  useEffect(() => setOpen(false), [location.pathname]);

  // Escape closes the menu and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
      <div className="flex h-16 items-center justify-between">
        <Link to="/" className="text-lg font-bold tracking-tight text-ink">
          {site.agent.name}
          <span className="ml-2 hidden text-sm font-normal text-ink-muted sm:inline">Edmonton REALTOR®</span>
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {navLinks.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={linkClass} prefetch="intent">
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <span className="md:hidden">
          <Tooltip label={open ? "Close menu" : "Open menu"} align="end">
            <button
              ref={buttonRef}
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-md border border-line text-ink"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
              <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
            </button>
          </Tooltip>
        </span>
      </div>
      <ul id={menuId} hidden={!open} className="border-t border-line py-2 md:hidden">
        {navLinks.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={(s) => `block ${linkClass(s)}`}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
