import {
  BadgePercent,
  Contact,
  Globe,
  House,
  Landmark,
  ListChecks,
  type LucideIcon,
  MapPin,
  Megaphone,
  Newspaper,
  Receipt,
  Smartphone,
  TriangleAlert,
  Trophy,
  UtensilsCrossed,
} from "lucide-react";

/**
 * The lucide icons the blog registry names (`icon` in app/content/blog/posts.ts), imported one by
 * one so only these reach the bundle. A registry test checks every name used is in this map.
 */
export const postIcons: Readonly<Record<string, LucideIcon>> = {
  BadgePercent,
  Contact,
  Globe,
  House,
  Landmark,
  ListChecks,
  MapPin,
  Megaphone,
  Receipt,
  Smartphone,
  TriangleAlert,
  Trophy,
  UtensilsCrossed,
};

/** The icon of a registry entry; a generic article icon for a name not (yet) mapped. */
export function PostIcon({ name, className }: { name: string; className?: string }) {
  const Icon = postIcons[name] ?? Newspaper;
  return <Icon aria-hidden="true" className={className} />;
}
