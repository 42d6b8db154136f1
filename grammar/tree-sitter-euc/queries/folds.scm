; A block folds to its header line.
[
  (solve_body)
  (planar_body)
  (tool_body)
] @fold
