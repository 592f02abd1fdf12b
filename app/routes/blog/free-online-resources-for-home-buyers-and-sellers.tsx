import {
  ArrowLeft,
  Building2,
  Calculator,
  ExternalLink,
  FileText,
  House,
  Landmark,
  type LucideIcon,
  MapPinned,
  Search,
  ShieldCheck,
} from "lucide-react";
import { Link } from "react-router";
import { ArticleLayout, articleMeta, requirePost } from "~/components/blog/article-layout";
import { BackToTop } from "~/components/blog/back-to-top";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareButton } from "~/components/blog/share-button";
import { LazyImage } from "~/components/ui/lazy-image";
import { FHSA_ANNUAL_LIMIT, FHSA_LIFETIME_LIMIT, FTHB_TAX_CREDIT_AMOUNT, FTHB_TAX_CREDIT_VALUE, HBP_LIMIT } from "~/content/blog/data/figures";
import { formatCurrency } from "~/lib/format";

const slug = "free-online-resources-for-home-buyers-and-sellers";

const heroImage = { src: "/images/blog/free-online-resources.webp", width: 1200, height: 630 };

export const meta = () => articleMeta(slug, { image: heroImage.src });

/** A resource category of spec/blog.md §3: a title and its links (name, url), plus why each helps. */
interface Resource {
  name: string;
  url: string;
  description: string;
}

interface ResourceCategory {
  id: string;
  title: string;
  icon: LucideIcon;
  intro: string;
  resources: readonly Resource[];
}

const categories: readonly ResourceCategory[] = [
  {
    id: "financial-tools",
    title: "Financial Tools",
    icon: Calculator,
    intro: "Know your numbers before you fall in love with a house. These are free, ad-free tools from the federal government.",
    resources: [
      {
        name: "Mortgage Calculator (Financial Consumer Agency of Canada)",
        url: "https://itools-ioutils.fcac-acfc.gc.ca/MC-CH/MCCalc-CHCalc-eng.aspx",
        description:
          "Payments at different rates, amortizations and payment frequencies, plus what extra payments save you. Handy for comparing a 25-year and a 30-year amortization side by side.",
      },
      {
        name: "Budget Planner (Financial Consumer Agency of Canada)",
        url: "https://itools-ioutils.fcac-acfc.gc.ca/BP-PB/budget-planner",
        description:
          "Lay out what you spend today, then add property tax, utilities, insurance and condo fees to see what a mortgage payment really leaves you.",
      },
      {
        name: "Credit reports and scores (Government of Canada)",
        url: "https://www.canada.ca/en/financial-consumer-agency/services/credit-reports-score.html",
        description:
          "How to get your free credit reports from Equifax and TransUnion. Check both a few months before you apply for a mortgage so there is time to fix an error.",
      },
    ],
  },
  {
    id: "home-and-insurance",
    title: "Home and Insurance",
    icon: House,
    intro: "What to check about the house itself, and what it costs to run once you own it.",
    resources: [
      {
        name: "Insurance Bureau of Canada",
        url: "https://www.ibc.ca/",
        description:
          "Plain-language guides to home and condo insurance: what a policy covers, what water damage and sewer backup coverage mean, and questions to ask your broker before closing.",
      },
      {
        name: "Radon: testing your home (Health Canada)",
        url: "https://www.canada.ca/en/health-canada/services/environmental-workplace-health/radiation/radon/testing-your-home.html",
        description:
          "Radon is a radioactive gas that can build up in basements anywhere in Alberta. Health Canada recommends a long-term test of at least three months; kits are inexpensive.",
      },
      {
        name: "Utilities Consumer Advocate (Government of Alberta)",
        url: "https://ucahelps.alberta.ca/",
        description:
          "Compare electricity and natural gas retailers and rates before you set up your accounts for possession day, and get help with a utility billing dispute.",
      },
      {
        name: "EPCOR",
        url: "https://www.epcor.com/",
        description: "Water and wastewater service in Edmonton. Book the account change for your possession date so the bills start in the right name.",
      },
      {
        name: "Utility Safety Partners (Click Before You Dig)",
        url: "https://utilitysafety.ca/",
        description: "Request free locates of buried gas, power and telecom lines before you build a fence or deck or plant a tree in your new yard.",
      },
    ],
  },
  {
    id: "property-search",
    title: "Property Search",
    icon: Search,
    intro: "Where to look at homes, neighbourhoods and the market, beyond the listing photos.",
    resources: [
      {
        name: "REALTOR.ca",
        url: "https://www.realtor.ca/",
        description: "The Canadian Real Estate Association's national site for MLS® listings. Good for browsing; ask me for the full history of any home you like.",
      },
      {
        name: "City of Edmonton maps (SLIM Maps)",
        url: "https://maps.edmonton.ca/",
        description: "Zoning, property lines, aerial photos and more for any Edmonton address. I use it to check what could be built on the lot next door.",
      },
      {
        name: "Google Maps and Street View",
        url: "https://www.google.com/maps",
        description: "Walk the street virtually, then check your commute at the hour you would actually drive it, not at noon on a Sunday.",
      },
      {
        name: "HonestDoor",
        url: "https://www.honestdoor.com/",
        description:
          "Free estimated values and assessment history for Alberta properties. Useful for a first look; an automated estimate has never seen the inside of the house.",
      },
      {
        name: "REALTORS® Association of Edmonton",
        url: "https://www.realtorsofedmonton.com/",
        description: "Monthly market statistics for the Greater Edmonton area: prices, sales and inventory by property type.",
      },
    ],
  },
  {
    id: "safety-and-crime",
    title: "Safety and Crime",
    icon: ShieldCheck,
    intro: "A quick, honest look at a neighbourhood and at the land a home sits on.",
    resources: [
      {
        name: "Community Safety Data Portal (Edmonton Police Service)",
        url: "https://communitysafetydataportal.edmontonpolice.ca/",
        description:
          "Maps and data of reported crime and disorder by neighbourhood in Edmonton. Look at several months and compare with nearby areas rather than reading one incident. Most surrounding communities are policed by the RCMP; check the town's website for local reports.",
      },
      {
        name: "Alberta Flood Maps (Government of Alberta)",
        url: "https://floods.alberta.ca/",
        description:
          "Flood hazard mapping along Alberta's rivers and creeks. Worth a look for any home near the North Saskatchewan River valley or a creek, and a question to ask your insurer.",
      },
      {
        name: "Alberta Emergency Alert",
        url: "https://emergencyalert.alberta.ca/",
        description: "Current emergency alerts in the province, such as wildfires, floods and severe weather, with an app to receive them on your phone.",
      },
    ],
  },
  {
    id: "government-programs",
    title: "Government Programs",
    icon: Landmark,
    intro: "First-time buyers in Alberta can combine several federal programs. Here are the official pages, so you read the current rules at the source.",
    resources: [
      {
        name: "First Home Savings Account (Canada Revenue Agency)",
        url: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/first-home-savings-account.html",
        description:
          `Contribute up to ${formatCurrency(FHSA_ANNUAL_LIMIT)} a year, to a lifetime limit of ${formatCurrency(FHSA_LIFETIME_LIMIT)}. Contributions are tax-deductible and a qualifying withdrawal for your first home is tax-free.`,
      },
      {
        name: "Home Buyers' Plan (Canada Revenue Agency)",
        url: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/rrsps-related-plans/what-home-buyers-plan.html",
        description:
          `Withdraw up to ${formatCurrency(HBP_LIMIT)} from your RRSPs toward your first home (each buyer on the purchase can), and repay it over 15 years. It can be used together with the FHSA for the same home.`,
      },
      {
        name: "Home buyers' amount, line 31270 (Canada Revenue Agency)",
        url: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/about-your-tax-return/tax-return/completing-a-tax-return/deductions-credits-expenses/line-31270-home-buyers-amount.html",
        description: `A ${formatCurrency(FTHB_TAX_CREDIT_AMOUNT)} amount you claim on your tax return for the year you buy your first home. It is worth up to ${formatCurrency(FTHB_TAX_CREDIT_VALUE)} off your federal tax.`,
      },
      {
        name: "Home buying guides (Canada Mortgage and Housing Corporation)",
        url: "https://www.cmhc-schl.gc.ca/consumers/home-buying",
        description: "Step-by-step guides from CMHC, including how mortgage loan insurance works when you put less than 20% down.",
      },
    ],
  },
  {
    id: "edmonton-area",
    title: "Edmonton Area",
    icon: MapPinned,
    intro: "The local details that change what a home really costs and how you will live in it.",
    resources: [
      {
        name: "Property assessment and taxes (City of Edmonton)",
        url: "https://www.edmonton.ca/residential_neighbourhoods/property_tax_assessment",
        description:
          "How assessments and property taxes work in Edmonton. Assessment notices go out in January and tax notices in May; ask for a home's current tax bill before you budget.",
      },
      {
        name: "MyProperty (City of Edmonton)",
        url: "https://myproperty.edmonton.ca/",
        description: "For owners: the details behind your assessed value, comparable properties and your tax account. Sellers, check it before you price your home.",
      },
      {
        name: "Zoning Bylaw (City of Edmonton)",
        url: "https://www.edmonton.ca/city_government/bylaws/zoning-bylaw",
        description:
          "Edmonton's current Zoning Bylaw took effect on January 1, 2024 and allows more kinds of housing in most residential areas. Check what the zone of a lot, and of its neighbours, permits.",
      },
      {
        name: "Edmonton Public Schools",
        url: "https://www.epsb.ca/",
        description: "Find the designated schools for an address and the programs on offer. Boundaries change, so confirm before you buy for a school.",
      },
      {
        name: "Edmonton Catholic Schools",
        url: "https://www.ecsd.net/",
        description: "Schools and programs of the Catholic district, with the designated school for each address.",
      },
      {
        name: "Edmonton Transit Service",
        url: "https://www.edmonton.ca/ets",
        description: "Bus and LRT routes and trip planning, to see how a home connects to work, school and downtown.",
      },
    ],
  },
  {
    id: "legal-documents",
    title: "Legal Documents",
    icon: FileText,
    intro: "Alberta's land registry and regulators. Your lawyer does the formal searches; these let you understand what they will look at.",
    resources: [
      {
        name: "SPIN 2 (Alberta Land Titles)",
        url: "https://alta.registries.gov.ab.ca/SpinII/",
        description:
          "Alberta's land titles search. Order a copy of a property's title to see the registered owner, mortgages, caveats and utility rights-of-way on it.",
      },
      {
        name: "Real Estate Council of Alberta (RECA)",
        url: "https://www.reca.ca/",
        description: "The regulator of real estate professionals in Alberta. Check that anyone you work with is licensed, and read what your agent owes you.",
      },
      {
        name: "Alberta Real Estate Association",
        url: "https://albertarealtor.ca/",
        description: "The association of Alberta's REALTORS®, with consumer information about buying, selling and working with a REALTOR® in the province.",
      },
      {
        name: "Alberta Land Surveyors' Association",
        url: "https://www.alsa.ab.ca/",
        description:
          "What a Real Property Report is and how to find a surveyor. Most Alberta purchase contracts ask the seller for a current one with the municipality's compliance, so sellers should order early.",
      },
      {
        name: "Law Society of Alberta",
        url: "https://www.lawsociety.ab.ca/",
        description: "Confirm a lawyer is a member in good standing, or find a real estate lawyer for your purchase or sale.",
      },
      {
        name: "Alberta King's Printer",
        url: "https://kings-printer.alberta.ca/",
        description: "The official text of Alberta's laws, including the Condominium Property Act, which sets out the documents a condo corporation must provide.",
      },
    ],
  },
];

function ExternalResourceLink({ resource }: { resource: Resource }) {
  return (
    <a href={resource.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-baseline gap-1.5 font-semibold text-brand underline">
      {resource.name}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 self-center" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export default function Article() {
  const post = requirePost(slug);
  return (
    <ArticleLayout slug={slug} share={<ShareButton nativeShare title={post.title} />}>
      <p>
        <Link to="/blog" className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the blog
        </Link>
      </p>

      <p>
        Most of the questions my clients ask early on can be answered with a free, reliable website, if you know which one. What will the payment
        be? Is this area safe? What can be built next door? What is on the title? These are the sites I use myself and send people to, sorted by
        category. They are official or well-established sources, and every link opens in a new tab so you keep your
        place here.
      </p>

      <LazyImage
        src={heroImage.src}
        width={heroImage.width}
        height={heroImage.height}
        alt="Illustration of a laptop showing a map of Edmonton-area neighbourhoods beside a calculator, a house and a set of documents"
        className="my-6 w-full rounded-xl"
        sizes="(max-width: 768px) 100vw, 768px"
      />

      <nav aria-labelledby="resource-categories" className="my-6 rounded-xl border border-line p-5">
        <h2 id="resource-categories" className="mt-0 text-lg">
          Jump to a category
        </h2>
        <ul className="my-3 grid gap-2 sm:grid-cols-2">
          {categories.map((c) => (
            <li key={c.id}>
              <a href={`#${c.id}`} className="inline-flex min-h-8 items-center font-medium text-brand underline">
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {categories.map((category) => {
        const Icon = category.icon;
        return (
          <section key={category.id} aria-labelledby={category.id} className="scroll-mt-4">
            <h2 id={category.id} className="flex items-center gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {category.title}
            </h2>
            <p>{category.intro}</p>
            <ul className="my-4 space-y-3">
              {category.resources.map((resource) => (
                <li key={resource.url} className="rounded-lg border border-line p-4">
                  <ExternalResourceLink resource={resource} />
                  <p className="my-1 text-ink-muted">{resource.description}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <section aria-labelledby="on-this-site">
        <h2 id="on-this-site" className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
            <Building2 aria-hidden="true" className="size-5" />
          </span>
          Free Tools on This Site
        </h2>
        <ul>
          <li>
            <Link to="/search">Search every MLS® listing in Edmonton and area</Link>, and save a search to hear about new homes first through{" "}
            <Link to="/instant-updates">instant updates</Link>.
          </li>
          <li>
            <Link to="/mortgage-calculator">Estimate your monthly payment</Link> with my mortgage calculator.
          </li>
          <li>
            Selling? Ask for a <Link to="/free-home-valuation">free home valuation</Link> based on recent sales near you, not an algorithm.
          </li>
          <li>
            Budget for closing with <Link to="/blog/hidden-costs-buying-home-alberta">the hidden costs of buying a home in Alberta</Link>, and check
            whether a new home qualifies for <Link to="/blog/new-gst-rebate-for-home-buyers">the new GST rebate for first-time buyers</Link>.
          </li>
          <li>
            Need an inspector, lawyer or mover? Start with my <Link to="/blog/essential-real-estate-contacts">list of essential real estate contacts</Link>.
          </li>
        </ul>
      </section>

      <h2>Use the Tools, Then Ask</h2>
      <p>
        Online tools are a good start and a poor finish. An assessment is the City's estimate of market value as of July 1 of the previous year, not
        what a home will sell for this spring. A crime map shows reports, not how a street feels at night. A title shows what is registered today,
        and your lawyer still has to confirm it at closing. When something you find raises a question, send it to me and I will tell you what it
        means for the home you are looking at.
      </p>

      <div className="my-8 flex flex-wrap items-center gap-3">
        <Link
          to="/blog"
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-5 py-2.5 font-semibold text-brand hover:bg-brand-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Blog
        </Link>
        <BackToTop />
      </div>

      <RelatedPosts
        current={slug}
        heading="Other Blogs"
        slugs={[
          "complete-step-by-step-home-buyers-guide",
          "hidden-costs-buying-home-alberta",
          "quick-mortgage-guide-for-homebuyers",
          "new-gst-rebate-for-home-buyers",
          "essential-real-estate-contacts",
          "do-you-know-what-is-your-home-worth",
        ]}
      />

      <ContactBlock heading="Have a question about a home or a neighbourhood?" />
    </ArticleLayout>
  );
}
