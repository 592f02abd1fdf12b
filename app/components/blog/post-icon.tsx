import type { LucideIcon } from "lucide-react";
import BadgePercent from "lucide-react/icons/badge-percent";
import Contact from "lucide-react/icons/contact";
import Globe from "lucide-react/icons/globe";
import House from "lucide-react/icons/house";
import Landmark from "lucide-react/icons/landmark";
import ListChecks from "lucide-react/icons/list-checks";
import MapPin from "lucide-react/icons/map-pin";
import Megaphone from "lucide-react/icons/megaphone";
import Newspaper from "lucide-react/icons/newspaper";
import Receipt from "lucide-react/icons/receipt";
import Smartphone from "lucide-react/icons/smartphone";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import Trophy from "lucide-react/icons/trophy";
import UtensilsCrossed from "lucide-react/icons/utensils-crossed";

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
