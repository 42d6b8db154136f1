; Scopes and definitions: the file, and each solve block and tool body
; (steps bind names visible only inside it; a tool's parameters too).
; Helix colours a name that refers to a definition with the class after
; `@local.definition.` (its book, "Adding locals queries"), so each kind of
; name is defined with the class highlights.scm gives it where it is
; declared. A bare `@local.definition` would be no definition to Helix but
; a highlight of its own that no theme knows, which wipes the colour
; highlights.scm gave the declared name.

(source_file) @local.scope
(solve_body) @local.scope
(tool_definition) @local.scope

(declaration
  kind: "point"
  name: (identifier) @local.definition.variable.parameter)

(declaration
  kind: ["line" "segment" "ray" "circle"]
  name: (identifier) @local.definition.variable.other.member)

(declaration
  kind: ["let" "const"]
  name: (identifier) @local.definition.constant)

(parameter
  name: (identifier) @local.definition.variable.parameter)

(goal
  name: (identifier) @local.definition.constant.builtin)

(step
  name: (identifier) @local.definition.variable)

(node
  name: (identifier) @local.definition.variable.other.member)

(identifier) @local.reference
