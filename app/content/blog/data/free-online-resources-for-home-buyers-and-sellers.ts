/**
 * The link categories of "Free Online Resources for Home Buyers and Sellers" (spec/blog.md §2 and
 * §3 "Resource category: title, resources (name, url)"), each link with why it helps. Program
 * limits are the shared figures, each cited with its official source.
 */
import type { LucideIcon } from "lucide-react";
import Calculator from "lucide-react/icons/calculator";
import FileText from "lucide-react/icons/file-text";
import House from "lucide-react/icons/house";
import Landmark from "lucide-react/icons/landmark";
import MapPinned from "lucide-react/icons/map-pinned";
import Search from "lucide-react/icons/search";
import ShieldCheck from "lucide-react/icons/shield-check";
import { formatCurrency } from "~/lib/format";
import { FHSA_ANNUAL_LIMIT, FHSA_LIFETIME_LIMIT, FTHB_TAX_CREDIT_AMOUNT, FTHB_TAX_CREDIT_VALUE, HBP_LIMIT, type OfficialSource, ruleSources } from "~/lib/mortgage-rules";

/** A resource category of spec/blog.md §3: a title and its links (name, url), plus why each helps. */
export interface Resource {
  name: string;
  url: string;
  description: string;
  /** The official source of a rule-based figure in the description. */
  cite?: OfficialSource;
}

export interface ResourceCategory {
  id: string;
  title: string;
  icon: LucideIcon;
  intro: string;
  resources: readonly Resource[];
}

export const categories: readonly ResourceCategory[] = [
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
        cite: ruleSources.fhsa,
      },
      {
        name: "Home Buyers' Plan (Canada Revenue Agency)",
        url: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/rrsps-related-plans/what-home-buyers-plan.html",
        description:
          `Withdraw up to ${formatCurrency(HBP_LIMIT)} from your RRSPs toward your first home (each buyer on the purchase can), and repay it over 15 years. It can be used together with the FHSA for the same home.`,
        cite: ruleSources.homeBuyersPlan,
      },
      {
        name: "Home buyers' amount, line 31270 (Canada Revenue Agency)",
        url: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/about-your-tax-return/tax-return/completing-a-tax-return/deductions-credits-expenses/line-31270-home-buyers-amount.html",
        description: `A ${formatCurrency(FTHB_TAX_CREDIT_AMOUNT)} amount you claim on your tax return for the year you buy your first home. It is worth up to ${formatCurrency(FTHB_TAX_CREDIT_VALUE)} off your federal tax.`,
        cite: ruleSources.homeBuyersAmount,
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
