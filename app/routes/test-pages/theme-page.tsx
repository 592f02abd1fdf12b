import { useLocation } from "react-router";
import type { Route } from "./+types/theme-page";
import { HomeSections } from "~/components/home/home-sections";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";

/**
 * /themepage … /themepage4: the home page in four colour pairs (spec §2). Only the theme class
 * differs (tokens in app.css); the sections and the two fixed theme widget ids are shared.
 */
const themes = {
  "/themepage": { className: "theme-black-white", label: "black and white" },
  "/themepage2": { className: "theme-red-white", label: "red and white" },
  "/themepage3": { className: "theme-green-black", label: "green and black" },
  "/themepage4": { className: "theme-red-yellow", label: "red and yellow" },
} as const;

type ThemePath = keyof typeof themes;

function themeFor(pathname: string) {
  const bare = pathname.replace(/\/+$/, "");
  return bare in themes ? themes[bare as ThemePath] : themes["/themepage"];
}

export const meta: Route.MetaFunction = ({ location }) => {
  const theme = themeFor(location.pathname);
  return pageMeta({ title: `Home page theme: ${theme.label}`, path: location.pathname });
};

const themeWidgetIds = { search: site.listings.widgetIds.themeSearch, newListings: site.listings.widgetIds.themeNewListings };

export default function ThemePage() {
  const { pathname } = useLocation();
  const theme = themeFor(pathname);
  return (
    <div className={`${theme.className} bg-surface pb-4 text-ink`} data-theme={theme.className}>
      <HomeSections widgetIds={themeWidgetIds} />
    </div>
  );
}
