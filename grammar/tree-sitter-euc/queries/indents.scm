; Block bodies indent their statements; arguments split over lines indent
; too (nvim-treesitter names; Helix's copy uses @indent and @outdent).

[
  (solve_body)
  (planar_body)
  (tool_body)
  (arguments)
  (parameters)
  (tuple)
] @indent.begin

[
  "}"
  ")"
] @indent.branch @indent.end

(comment) @indent.auto
