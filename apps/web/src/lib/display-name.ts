/** First and last name, else the username (docs/product-spec.md#pages). */
export function displayNameOf(person: { firstName: string; lastName: string; username: string }): string {
  return (
    [person.firstName, person.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || person.username
  );
}
