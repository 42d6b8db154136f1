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

(call
  function: (identifier) @function.builtin)

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
