/** A term of a list with a bold lead-in: "<strong>Deposit:</strong> shows the seller you are serious." */
export interface TermItem {
  term: string;
  text: string;
}

/** A bulleted list whose items start with a bold term. */
export function TermList({ items }: { items: readonly TermItem[] }) {
  return (
    <ul>
      {items.map((t) => (
        <li key={t.term}>
          <strong>{t.term}</strong> {t.text}
        </li>
      ))}
    </ul>
  );
}
