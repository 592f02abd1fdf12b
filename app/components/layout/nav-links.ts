/** The main navigation of spec/site.md §2, in order. */
export const navLinks = [
  { to: "/search", label: "Search" },
  { to: "/sell", label: "Sell" },
  { to: "/instant-updates", label: "Instant Updates" },
  { to: "/mortgage-calculator", label: "Mortgage Calculator" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** Links every footer carries (spec §2). */
export const legalLinks = [
  { to: "/privacy-policy-test", label: "Privacy Policy" },
  { to: "/mls-disclaimer", label: "MLS® Disclaimer" },
  { to: "/terms-of-service-test", label: "Terms of Service" },
] as const;
