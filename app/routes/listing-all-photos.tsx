import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/listing-all-photos";
import { NotFoundContent } from "~/components/not-found-content";
import type { ListingDetail } from "~/lib/listing-types";
import { photoAtWidth, photoSrcSet } from "~/lib/listings";
import { pageMeta } from "~/lib/seo";
import { listingOfSegment } from "~/lib/server/http/listing-page.server";

/**
 * /listings/{ListingKey}-{slug}/photos: every photo of a listing, in the feed's order, each with
 * its caption (the feed's description) and an anchor (`#photo-3`). It is what "See all N photos"
 * opens without JavaScript, or before the page's script has run; with it, the same link opens the
 * full-screen gallery instead (listing-photos.tsx). Not indexed: the listing's page is the one to
 * find. Unknown keys answer 404, removed listings 410, another slug moves to the listing's own.
 */
type Loaded = { listing: Pick<ListingDetail, "key" | "path" | "address" | "city" | "photos"> } | { listing: null };

export async function loader({ params, context }: Route.LoaderArgs) {
  const segment = params.slug ?? "";
  const found = await listingOfSegment(context, segment);
  if (!found) return data<Loaded>({ listing: null }, { status: 404 });
  if ("gone" in found) return data<Loaded>({ listing: null }, { status: 410 });
  if (`/listings/${segment}` !== found.path) throw redirect(`${found.path}/photos`, 301);
  const { path, address, city, photos } = found;
  return data<Loaded>({ listing: { key: found.key, path, address, city, photos } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = {
  breadcrumb: (loaded: unknown): string | null => {
    const listing = (loaded as Loaded | undefined)?.listing;
    return listing ? `Photos of ${listing.address}` : null;
  },
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const l = loaderData?.listing;
  if (!l)
    return pageMeta({ title: "Page Not Found", description: "This page or property is no longer available.", path: "/404", noindex: true });
  const place = [l.address, l.city].filter(Boolean).join(", ");
  return pageMeta({
    title: `Photos of ${place}`,
    description: `All ${l.photos.length} photos of ${place}.`,
    path: `${l.path}/photos`,
    noindex: true,
  });
};

export default function ListingAllPhotos({ loaderData }: Route.ComponentProps) {
  const l = loaderData.listing;
  if (!l) return <NotFoundContent />;
  const place = [l.address, l.city].filter(Boolean).join(", ");
  return (
    <article className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink wrap-anywhere sm:text-3xl">Photos of {place}</h1>
      <p className="mt-2">
        <Link to={l.path} className="font-bold text-brand underline">
          Back to the listing
        </Link>
      </p>
      {l.photos.length === 0 ? (
        <p className="mt-6 text-ink-muted">This home has no photos yet.</p>
      ) : (
        <ol className="mt-6 space-y-8" aria-label={`${l.photos.length} photos`}>
          {l.photos.map((p, i) => (
            <li key={p.url} id={`photo-${i + 1}`} className="scroll-mt-4">
              <figure>
                <img
                  src={photoAtWidth(p.url, 800)}
                  srcSet={photoSrcSet(p.url)}
                  sizes="(min-width: 896px) 54rem, calc(100vw - 2rem)"
                  alt={p.description ?? `${place}, photo ${i + 1}`}
                  width={1024}
                  height={768}
                  loading={i === 0 ? undefined : "lazy"}
                  decoding="async"
                  className="aspect-[4/3] w-full rounded-lg bg-surface-muted object-cover"
                />
                <figcaption className="mt-2 text-ink">
                  <span className="font-bold">
                    {i + 1} of {l.photos.length}
                  </span>
                  {p.description ? `: ${p.description}` : ""}
                </figcaption>
              </figure>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
