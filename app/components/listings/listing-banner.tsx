import type { ReactNode } from "react";

/** The blue banner that opens the listing pages, with the page's heading (its h1). */
export function ListingBanner({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-brand text-on-brand">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
