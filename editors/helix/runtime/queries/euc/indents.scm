; Block bodies indent their statements; arguments split over lines too.

[
  (solve_body)
  (planar_body)
  (tool_body)
  (arguments)
  (parameters)
  (tuple)
] @indent

[
  "}"
  ")"
] @outdent
