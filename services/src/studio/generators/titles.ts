/** A coloring book's title from its request (the prompt), read as a title rather than pasted. */
export function coloringBookTitle(prompt: string): string {
  return `${prompt.replace(/\s+/g, ' ').trim().slice(0, 80)} Coloring Book`;
}
