import { Link } from "react-router";
import { LegalPage } from "~/components/legal-page";
import { formatAddress, site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Privacy Policy",
    description: `How ${site.agent.name} collects, uses, keeps and protects the personal information you share through this website.`,
    path: location.pathname,
  });

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" dated={["Effective date:", "2025-06-02", "6/2/2025"]}>
      <p>
        This policy explains how {site.agent.name}, a {site.agent.title} with {site.brokerage.name} ("I", "me"), handles personal
        information collected through this website. I follow Alberta's <em>Personal Information Protection Act</em> (PIPA), Canada's
        anti-spam legislation (CASL) and the privacy rules of the Real Estate Council of Alberta.
      </p>
      <h2>What I collect</h2>
      <ul>
        <li>What you type into a form: your name, e-mail address, phone number, the service you are interested in and your message.</li>
        <li>
          What you enter in the embedded home valuation, listing alert and buyer search forms, which are operated by third-party providers
          on my behalf.
        </li>
        <li>
          Basic technical data your browser sends with every request (IP address, browser type, pages visited), kept in server logs for
          security.
        </li>
      </ul>
      <h2>Why I use it</h2>
      <ul>
        <li>To answer your enquiry and provide the real estate services you asked for.</li>
        <li>To send listing alerts, market updates or follow-up messages you agreed to receive.</li>
        <li>To keep the website secure, prevent spam and meet my legal and regulatory record-keeping duties.</li>
      </ul>
      <p>
        I do not sell your personal information, and I share it only with my brokerage, service providers who help me run this website and
        send e-mail, or where the law requires it.
      </p>
      <h2>Consent and your choices</h2>
      <p>
        By submitting a form you consent to the uses described above. You can withdraw consent at any time: reply STOP to a text message,
        use the unsubscribe link in any e-mail, or follow the opt-out instructions in the{" "}
        <Link to="/terms-of-service-test">Terms of Service</Link>.
      </p>
      <h2>How long I keep it and how it is protected</h2>
      <p>
        Enquiries are kept for as long as needed to serve you and to meet record-keeping rules, then deleted. Information is stored on
        access-controlled systems in Canada or with providers bound by contract to protect it, and is sent over encrypted connections.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask to see the personal information I hold about you, to correct it, or to have it deleted where the law allows. I respond
        to requests within 45 days. Where a request is complex, I may extend that period once, up to 90 days in total, and will tell you
        why.
      </p>
      <h3>California residents (CCPA)</h3>
      <p>
        If you are a California resident, the California Consumer Privacy Act gives you the rights to know, to delete, to correct and to opt
        out of the sale or sharing of personal information (I do neither). I will respond to a verifiable request within 45 days, which may
        be extended by a further 45 days (90 days in total) with notice. You may make a request for access or data portability no more than
        twice in a 12-month period. I will not discriminate against you for exercising these rights.
      </p>
      <h2>Cookies</h2>
      <p>
        This website itself sets no advertising or tracking cookies. The embedded listings and form providers may set their own cookies when
        you use their tools; their policies apply to them.
      </p>
      <h2>Contact</h2>
      <p>
        Questions or requests: {site.agent.name}, {site.brokerage.name}, {formatAddress()}. Phone{" "}
        <a href={site.agent.phoneHref}>{site.agent.phone}</a>, e-mail <a href={`mailto:${site.agent.email}`}>{site.agent.email}</a>.
      </p>
    </LegalPage>
  );
}
