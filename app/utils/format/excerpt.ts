/** The start of a text on one line, cut at a word and marked with «…» when longer than `length`. */
export function excerpt(text: string, length = 180) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length).replace(/\s\S*$/, "")}…` : flat;
}
