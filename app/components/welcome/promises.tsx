import BadgeDollarSign from "lucide-react/icons/badge-dollar-sign";
import Handshake from "lucide-react/icons/handshake";
import Laptop from "lucide-react/icons/laptop";
import ShieldCheck from "lucide-react/icons/shield-check";

/** The welcome page's four promises, shown in a dialog (with JavaScript) or in the page (without). */
const PROMISES: readonly { title: string; text: string; icon: typeof ShieldCheck }[] = [
  {
    title: "No unwanted follow-ups",
    text: "We reach out only about what you asked for, and one reply of STOP ends it.",
    icon: ShieldCheck,
  },
  { title: "No upfront commitment", text: "Talk to us, ask questions and get advice before you sign anything.", icon: Handshake },
  { title: "No hidden costs", text: "Every fee is explained in writing before you agree to it.", icon: BadgeDollarSign },
  {
    title: "Tech-savvy services",
    text: "Instant listing alerts, online valuations and e-signing, so nothing waits on paperwork.",
    icon: Laptop,
  },
];

export function PromiseList() {
  return (
    <ul className="mt-5 space-y-4">
      {PROMISES.map(({ title, text, icon: Icon }) => (
        <li key={title} className="flex gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
          <div>
            <p className="font-bold">{title}</p>
            <p className="text-ink-muted">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Without JavaScript the promises open in place (#our-promises, CSS :target) instead of a dialog. */
export function PromisesPanel() {
  return (
    <section
      id="our-promises"
      aria-labelledby="our-promises-heading"
      className="mx-auto mt-10 hidden max-w-xl rounded-xl border border-line p-6 target:block"
    >
      <h2 id="our-promises-heading" className="text-2xl font-bold">
        Our Promises to You
      </h2>
      <PromiseList />
    </section>
  );
}
