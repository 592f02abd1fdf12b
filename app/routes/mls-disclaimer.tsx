import { LegalPage } from "~/components/legal-page";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mls-disclaimer";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "MLS® Disclaimer",
    description: "Copyright, trademark and accuracy notice for the MLS® listing data shown on this website.",
    path: location.pathname,
  });

export default function MlsDisclaimer() {
  return (
    <LegalPage title="MLS® Disclaimer" dated={["Last updated", "2025-06-02", "June 2, 2025"]}>
      <h2>Listing data</h2>
      <p>
        The listing data on this website is supplied by the REALTORS® Association of Edmonton through its MLS® System and is displayed by{" "}
        {site.agent.name} of {site.brokerage.name} under the Association's rules for Internet Data Exchange. Listings held by other
        brokerages are marked with the name of the listing brokerage.
      </p>
      <p>
        Copyright © 2025 REALTORS® Association of Edmonton. All rights reserved. The information is provided for the personal,
        non-commercial use of consumers and may not be used for any purpose other than to identify prospective properties consumers may be
        interested in purchasing. Reproducing, redistributing or retransmitting it in any form is prohibited without written permission.
      </p>
      <h2>Accuracy</h2>
      <p>
        The information is deemed reliable but is not guaranteed. Measurements, taxes, lot sizes, room dimensions and other details are
        approximate and should be verified independently by the buyer. Listings can sell, change or be withdrawn at any time, and the data
        shown may not reflect the latest change.
      </p>
      <h2>Trademarks</h2>
      <p>
        The trademarks MLS®, Multiple Listing Service® and the associated logos are owned by The Canadian Real Estate Association (CREA) and
        identify the quality of services provided by real estate professionals who are members of CREA.
      </p>
      <p>
        The trademarks REALTOR®, REALTORS® and the REALTOR® logo are controlled by CREA and identify real estate professionals who are
        members of CREA.
      </p>
      <h2>Not an offer</h2>
      <p>
        Nothing on this website is an offer to sell or a solicitation of an offer to buy any property. It is not intended to solicit buyers
        or sellers who are already under contract with another brokerage.
      </p>
    </LegalPage>
  );
}
