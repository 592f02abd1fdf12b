import { expect, test } from "./support";

test("the home page answers 200 and unknown paths 404", async ({ page, request }) => {
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  const missing = await request.get("/this-page-does-not-exist");
  expect(missing.status()).toBe(404);
});
