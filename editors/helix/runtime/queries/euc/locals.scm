; Scopes and definitions: the file, and each solve block and tool body
; (steps bind names visible only inside it; a tool's parameters too).

(source_file) @local.scope
(solve_body) @local.scope
(tool_definition) @local.scope

(declaration
  name: (identifier) @local.definition)

(parameter
  name: (identifier) @local.definition)

(goal
  name: (identifier) @local.definition)

(step
  name: (identifier) @local.definition)

(node
  name: (identifier) @local.definition)

(identifier) @local.reference
