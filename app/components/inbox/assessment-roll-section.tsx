import type { RollStatus } from "~/lib/assessments/roll-status";
import { InboxSection, Notice, RULED, Time } from "./inbox-ui";

const STAGES = {
  roll: "the roll",
  info: "the property information",
  boundaries: "the neighbourhood boundaries",
  finish: "the neighbourhoods' figures",
} as const;

/** The City's assessment roll (issue 42): which year is shown, how many accounts, when it was loaded, and what is failing if it is. */
export function AssessmentRollSection({ roll }: { roll: RollStatus }) {
  return (
    <InboxSection name="assessment-roll" title="Assessment roll" className={RULED} large testId="assessment-roll">
      <p className="mt-2">
        {roll.liveYear && roll.liveImportedAt ? (
          <>
            {`The City of Edmonton's ${roll.liveYear} roll: ${(roll.liveRows ?? 0).toLocaleString("en-CA")} accounts. Last loaded `}
            <Time date={roll.liveImportedAt} />
          </>
        ) : (
          "The City's roll has not been loaded yet."
        )}
      </p>
      {roll.building && (
        <p className="mt-1 text-ink-muted">{`Loading ${STAGES[roll.building.stage]} now (${roll.building.offset.toLocaleString("en-CA")} rows in).`}</p>
      )}
      {roll.lastError && roll.failingSince && (
        <Notice tone="error">
          {`Loading the roll has been failing since `}
          <Time date={roll.failingSince} />
          {`: ${roll.lastError.replace(/\.$/, "")}. ${roll.liveRows ? "The last good roll stays on the site." : ""}`}
        </Notice>
      )}
    </InboxSection>
  );
}
