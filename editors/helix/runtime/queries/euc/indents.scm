; Block bodies indent their statements; arguments split over lines too.

[
  (solve_body)
  (planar_body)
  (arguments)
  (tuple)
] @indent

[
  "}"
  ")"
] @outdent
