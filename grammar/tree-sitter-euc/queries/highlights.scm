; Colours for euc. Given points, setup objects, steps and goals are told
; apart by the language server's semantic tokens; here the syntax and the
; places where a name is bound.

; Neovim convention: a later pattern wins over an earlier one for the same
; node, so the general capture comes first. (Helix takes the first match:
; editors/helix/runtime/queries/euc/highlights.scm has its own order.)

(identifier) @variable

(comment) @comment

[
  "let"
  "const"
  "point"
  "line"
  "segment"
  "ray"
  "circle"
] @keyword

[
  "solve"
  "planar"
] @keyword

[
  "goal"
  "mask"
  "ignore"
  "verify"
  "tools"
  "count"
  "stars"
  "min"
  "max"
  "level"
  "seed"
  "node"
  "edge"
] @keyword

(mask_part) @keyword.operator

(number) @number
(angle) @number

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

; A call of a name that is no built-in function is a tool of your own,
; used as a step (`t1, t2 = tangents(P, O, k)`).
(call
  function: (identifier) @function.call)

((call
  function: (identifier) @function.builtin)
  (#any-of? @function.builtin
   "abs" "acos" "angle_bisector" "any" "asin" "atan" "atan2" "center" "circle"
   "compass" "cos" "dist" "line" "midpoint" "nearer" "on" "other" "parallel"
   "perp_bisector" "perpendicular" "point" "project" "radius" "ray" "reflect"
   "rotate" "segment" "sin" "sqrt" "tan" "touch" "x" "y"))

(solve_block
  name: (identifier) @module)

(planar_block
  name: (identifier) @module)

(declaration
  kind: "point"
  name: (identifier) @variable.parameter)

(declaration
  kind: ["line" "segment" "ray" "circle"]
  name: (identifier) @variable.member)

(declaration
  kind: "let"
  name: (identifier) @constant)

(declaration
  kind: "const"
  name: (identifier) @constant)

(goal
  name: (identifier) @constant.builtin)

(step
  name: (identifier) @variable)

(node
  name: (identifier) @variable.member)

; Tools of your own and `use` lines (docs/language.md, "Tools of your own").
(doc_comment) @comment.documentation

"tool" @keyword.function

"use" @keyword.import

"->" @punctuation.delimiter

(tool_definition
  name: (identifier) @function)

(parameter
  name: (identifier) @variable.parameter)

(use_line
  path: (string) @string.special.path)

(use_line
  path: (identifier) @module)
