; Helix colours for euc (Helix scope names). Since Helix 25.07 the last
; matching pattern wins (its book, "Adding languages"), so the general one
; comes first and the specific ones after it. The grammar's own queries, in
; grammar/tree-sitter-euc/queries, follow Neovim's conventions.

(identifier) @variable

(comment) @comment

; A call of a name that is no built-in function is a tool of your own,
; used as a step (`t1, t2 = tangents(P, O, k)`).
(call
  function: (identifier) @function)

((call
  function: (identifier) @function.builtin)
  (#any-of? @function.builtin
   "abs" "acos" "angle_bisector" "any" "asin" "atan" "atan2" "center" "circle"
   "compass" "cos" "dist" "line" "midpoint" "nearer" "on" "other" "parallel"
   "perp_bisector" "perpendicular" "point" "project" "radius" "ray" "reflect"
   "rotate" "segment" "sin" "sqrt" "tan" "touch" "x" "y"))

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

; Tools of your own and `use` lines (docs/language.md, "Tools of your own").
(doc_comment) @comment.line.documentation

"tool" @keyword.function

"use" @keyword.control.import

"->" @punctuation.delimiter

(tool_definition
  name: (identifier) @function)

(parameter
  name: (identifier) @variable.parameter)

(use_line
  path: (string) @string.special.path)

(use_line
  path: (identifier) @namespace)
