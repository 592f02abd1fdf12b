import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

// Unknown paths (and /404 itself) answer with HTTP 404, never 200.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Page Not Found",
    description: "This page or property is no longer available. Browse current Edmonton listings instead.",
    path: "/404",
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
