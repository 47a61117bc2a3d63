/**
 * Typst: `balanced(body)` sets a heading or title of several lines in the narrowest measure that
 * keeps its line count, so its lines come out about even ("What the Quiet Power / of Habits
 * Really Is", not a last word alone). Typst has no balanced wrapping of its own.
 */
export const BALANCED = `
#let balanced(body) = layout(area => {
  let lines(w) = measure(block(width: w, body)).height
  let full = lines(area.width)
  let (lo, hi) = (area.width / 3, area.width)
  for _ in range(10) {
    let mid = (lo + hi) / 2
    if lines(mid) <= full { hi = mid } else { lo = mid }
  }
  block(width: hi, body)
})
`;
