import { Link } from "react-router";
import { LegalPage } from "~/components/legal-page";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Terms of Service",
    description: "The terms for using this website, its tools and its messages, including how to opt out of calls, texts and e-mails.",
    path: location.pathname,
  });

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" dated={["Effective date:", "2025-06-02", "6/2/2025"]}>
      <p>
        These terms apply to your use of this website, operated by {site.agent.name}, a {site.agent.title} with {site.brokerage.name} in
        Edmonton, Alberta. By using the website you agree to them.
      </p>
      <h2>Information only</h2>
      <p>
        Articles, calculators and market information are for general information. They are not legal, tax, mortgage or financial advice:
        confirm figures with a lawyer, lender or accountant before you rely on them. Calculator results are estimates.
      </p>
      <h2>Listing information</h2>
      <p>
        Listing data is provided by the REALTORS® Association of Edmonton and third-party providers and is subject to the{" "}
        <Link to="/mls-disclaimer">MLS® Disclaimer</Link>. It is believed reliable but not guaranteed.
      </p>
      <h2>Messages you agree to receive</h2>
      <p>
        When you submit a form on this website you agree that I may contact you by phone call, text message or e-mail about your enquiry and
        about properties and services related to it. Message frequency varies. Message and data rates may apply. Reply HELP to any text for
        help and STOP to stop receiving texts.
      </p>
      <h2 id="opt-out">How to opt out</h2>
      <p>
        You can stop calls, texts and e-mails at any time. Reply STOP to a text message, use the unsubscribe link in any e-mail, or{" "}
        <a href={site.optOutHref}>ask me to stop all calls, texts and e-mails</a> and I will remove you from every list within 10 business
        days.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Do not submit false information or someone else's details.</li>
        <li>Do not copy listing data or content from this website for commercial use.</li>
        <li>Do not attempt to disrupt the website, its forms or its servers.</li>
      </ul>
      <h2>Third-party tools and links</h2>
      <p>
        The listings search, valuation and alert forms are provided by third parties, and links to other websites are for convenience. Their
        own terms and privacy policies apply.
      </p>
      <h2>Privacy</h2>
      <p>
        How personal information is handled is described in the <Link to="/privacy-policy-test">Privacy Policy</Link>.
      </p>
      <h2>Liability and governing law</h2>
      <p>
        To the extent the law allows, I am not liable for losses arising from the use of this website or reliance on its content. These
        terms are governed by the laws of Alberta and the federal laws of Canada that apply there.
      </p>
      <h2>Contact</h2>
      <p>
        <a href={site.agent.phoneHref}>{site.agent.phone}</a> · <a href={`mailto:${site.agent.email}`}>{site.agent.email}</a>
      </p>
    </LegalPage>
  );
}
