/** The list page's response time: median and 90th percentile over the last 30 days, overall and per form. */
import type { ResponseStat, ResponseTimes } from "~/lib/response-times";
import { FORM_LABELS } from "~/lib/forms";
import { formatDuration } from "~/lib/format";

function waiting(n: number): string {
  return `${n} submission${n === 1 ? "" : "s"}`;
}

function Row({ label, stat }: { label: string; stat: ResponseStat }) {
  const time = (seconds: number | null) => (seconds === null ? "—" : formatDuration(seconds * 1000));
  return (
    <tr className="border-t border-line">
      <th scope="row" className="py-1 pr-2 text-left font-normal">
        {label}
      </th>
      <td className="py-1 pr-2 font-bold whitespace-nowrap">{time(stat.medianSeconds)}</td>
      <td className="py-1 pr-2 whitespace-nowrap">{time(stat.p90Seconds)}</td>
      <td className="py-1 text-right">{stat.replies}</td>
    </tr>
  );
}

export function ResponseTimesSummary({ times }: { times: ResponseTimes }) {
  const { days, overall, forms } = times;
  return (
    <section
      aria-labelledby="response-heading"
      className="mt-3 rounded-md border border-line px-3 py-2 text-sm"
      data-testid="response-times"
    >
      <h2 id="response-heading" className="font-bold">
        Your response time <span className="font-normal text-ink-muted">· last {days} days</span>
      </h2>
      {overall.replies === 0 ? (
        <p className="mt-1 text-ink-muted">No replies yet{overall.waiting > 0 ? ` (${waiting(overall.waiting)} waiting)` : ""}.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="mt-1 w-full">
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="pr-2 text-left font-normal">
                  <span className="sr-only">Form</span>
                </th>
                <th scope="col" className="pr-2 text-left font-normal">
                  Median
                </th>
                <th scope="col" className="pr-2 text-left font-normal">
                  90% within
                </th>
                <th scope="col" className="text-right font-normal">
                  Replies
                </th>
              </tr>
            </thead>
            <tbody>
              <Row label="All forms" stat={overall} />
              {forms.length > 1 && forms.map((f) => <Row key={f.form} label={FORM_LABELS[f.form]} stat={f} />)}
            </tbody>
          </table>
          {overall.waiting > 0 && <p className="mt-1 text-xs text-ink-muted">{waiting(overall.waiting)} not answered yet (not counted).</p>}
        </div>
      )}
    </section>
  );
}
