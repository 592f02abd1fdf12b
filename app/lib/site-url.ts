import { publicConfig } from "./public-config";

/** The public origin of the site (SITE_URL), without a trailing slash. */
export const SITE_URL: string = publicConfig.siteUrl.replace(/\/+$/, "");

/** Absolute URL of a path on this site; query strings and fragments are never part of it. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const bare = path.split(/[?#]/)[0] ?? "/";
  return `${SITE_URL}${bare.startsWith("/") ? bare : `/${bare}`}`;
}
