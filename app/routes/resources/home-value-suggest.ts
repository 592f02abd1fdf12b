import type { Route } from "./+types/home-value-suggest";
import { suggestAddresses } from "~/lib/server/assessments/home-value.server";
import { serverContext } from "~/router-context";

/**
 * /home-value/suggest?q=… (issue 43): the address box's suggestions as JSON, from the third
 * character, over the live roll (one index range). 404 with the roll off; whatever was typed, an
 * answer (an empty list when it is not the start of an address), never an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const roll = context.get(serverContext)?.assessments;
  if (!roll) return Response.json({ suggestions: [] }, { status: 404 });
  const typed = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = await suggestAddresses(roll.db, typed.slice(0, 200));
  return Response.json({ suggestions });
}
