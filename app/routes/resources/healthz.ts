// TEMPORARY scaffold: the lead-capture work adds the database check.
export function loader() {
  return Response.json({ ok: true });
}
