; Scopes and definitions: the file, and each solve block (steps bind names
; visible only inside it).

(source_file) @local.scope
(solve_body) @local.scope

(declaration
  name: (identifier) @local.definition)

(goal
  name: (identifier) @local.definition)

(step
  name: (identifier) @local.definition)

(node
  name: (identifier) @local.definition)

(identifier) @local.reference
