import type { ReactNode } from "react";
import { BackRow } from "~/components/layout/back-button";
import { PageHeader } from "~/components/ui/page-header";

/** Frame shared by the legal pages: heading, date line ("Effective date: 6/2/2025"), readable column, back button. */
export function LegalPage({
  title,
  dated: [label, isoDate, shown],
  children,
}: {
  title: string;
  dated: readonly [label: string, isoDate: string, shown: string];
  children: ReactNode;
}) {
  const dateLine = (
    <>
      {label} <time dateTime={isoDate}>{shown}</time>
    </>
  );
  return (
    <>
      <PageHeader title={title} subtitle={dateLine} />
      <div className="prose-page mx-auto max-w-3xl px-4 py-10">
        {children}
        <BackRow className="mt-10" />
      </div>
    </>
  );
}
