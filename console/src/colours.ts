// console/src/colours.ts: series colours, in the terminal palette's order (CSS classes c0…c7 match).
export const COLOURS = [
  '#2e9e5b',
  '#3b6fd8',
  '#c9a227',
  '#a843b5',
  '#2aa5b8',
  '#d0443e',
  '#6b7280',
  '#e07b1a',
]
