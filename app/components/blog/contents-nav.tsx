/** A numbered "on this page" list of a long article's sections, linking to their anchors. */
export function ContentsNav({ id, heading, items }: { id: string; heading: string; items: readonly { anchor: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id} className="my-6 rounded-xl border border-line bg-surface-muted p-5">
      <h2 id={id} className="mt-0! text-xl!">
        {heading}
      </h2>
      <ol>
        {items.map((item) => (
          <li key={item.anchor}>
            <a href={`#${item.anchor}`}>{item.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
