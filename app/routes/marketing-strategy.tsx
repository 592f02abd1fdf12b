// TEMPORARY scaffold: replaced by the issue that owns this page.
export default function Page() {
  return <h1>Marketing Strategy</h1>;
}
