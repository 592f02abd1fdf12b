import type { ReactNode } from "react";
import { BackButton } from "~/components/layout/back-button";
import { PageHeader } from "~/components/ui/page-header";

/** Frame shared by the legal pages: heading, date line, readable column, back button. */
export function LegalPage({ title, dateLine, children }: { title: string; dateLine: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle={dateLine} />
      <div className="prose-page mx-auto max-w-3xl px-4 py-10">
        {children}
        <div className="mt-10">
          <BackButton />
        </div>
      </div>
    </>
  );
}
