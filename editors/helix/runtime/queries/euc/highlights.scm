; Helix colours for euc (Helix scope names). Since Helix 25.07 the last
; matching pattern wins (its book, "Adding languages"), so the general one
; comes first and the specific ones after it. The grammar's own queries, in
; grammar/tree-sitter-euc/queries, follow Neovim's conventions.

(identifier) @variable

(comment) @comment

(call
  function: (identifier) @function.builtin)

(solve_block
  name: (identifier) @namespace)

(planar_block
  name: (identifier) @namespace)

(declaration
  kind: "point"
  name: (identifier) @variable.parameter)

(declaration
  kind: ["line" "segment" "ray" "circle"]
  name: (identifier) @variable.other.member)

(declaration
  kind: "let"
  name: (identifier) @constant)

(declaration
  kind: "const"
  name: (identifier) @constant)

(goal
  name: (identifier) @constant.builtin)

(node
  name: (identifier) @variable.other.member)

(mask_part) @keyword.operator

[
  "let"
  "const"
  "point"
  "line"
  "segment"
  "ray"
  "circle"
  "solve"
  "planar"
  "goal"
  "mask"
  "ignore"
  "verify"
  "tools"
  "count"
  "min"
  "max"
  "level"
  "seed"
  "node"
  "edge"
] @keyword

(number) @constant.numeric
(angle) @constant.numeric

[
  "+"
  "-"
  "*"
  "/"
  "&"
  "|"
  "="
] @operator

[
  ","
  ";"
] @punctuation.delimiter

[
  "("
  ")"
  "{"
  "}"
] @punctuation.bracket
