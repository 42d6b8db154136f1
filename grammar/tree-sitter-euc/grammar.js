/**
 * Tree-sitter grammar of euc construction scripts: the grammar of
 * src/parse/grammar.rs (written down in grammar/euc.ebnf) for editors that
 * colour, fold and indent with tree-sitter (Helix, Neovim).
 *
 * Statements end at a line break or `;`. A line break is a token only where
 * a statement may end; elsewhere (inside parentheses, after an operator) the
 * lexer skips it as white space, which is how euc continues a line.
 */

const PREC = { meet: 1, sum: 2, product: 3, unary: 4, call: 5 };

const sep1 = (rule, separator) => seq(rule, repeat(seq(separator, rule)));

/** Statements, each ended by a line break or `;` (the last one may end the
 * block or the file instead), blank lines anywhere. */
const statements = ($, item) => seq(
  repeat($._end),
  optional(seq(item, repeat(seq(repeat1($._end), item)), repeat($._end))),
);

module.exports = grammar({
  name: 'euc',

  extras: $ => [/\s/, '\uFEFF', $.doc_comment, $.comment],

  word: $ => $.identifier,

  // After a goal's alternative a line break ends the statement unless the
  // next line starts with `|`: two tokens of lookahead, left to GLR.
  conflicts: $ => [[$.goal]],

  rules: {
    source_file: $ => statements($, $._item),

    _end: _ => choice('\n', '\r\n', ';'),

    comment: _ => token(seq('//', /[^\n]*/)),

    // `///` lines right above `tool` document it (docs/language.md, "Tools
    // of your own"); like the compiler's lexer, the grammar skips them as
    // comments wherever they are.
    doc_comment: _ => token(prec(1, seq('///', /[^\n]*/))),

    _item: $ => choice(
      $.declaration,
      $.solve_block,
      $.planar_block,
      $.tool_definition,
      $.use_line,
    ),

    declaration: $ => seq(
      field('kind', choice('let', 'const', 'point', 'line', 'segment', 'ray', 'circle')),
      $._binders,
      '=',
      field('value', $._expression),
    ),

    _binders: $ => sep1(field('name', $.identifier), ','),

    solve_block: $ => seq(
      'solve',
      optional(field('name', $.identifier)),
      field('body', $.solve_body),
    ),

    solve_body: $ => seq('{', statements($, $._solve_item), '}'),

    _solve_item: $ => choice(
      $.goal,
      $.mask,
      $.ignore,
      $.verify,
      $.tools,
      $.count,
      $.stars,
      $.step,
    ),

    // `goal X, Y = (a, b) | (c, d)`: goals reached together; an alternative
    // may start the next line with `|`.
    goal: $ => seq(
      'goal',
      sep1(field('name', $.identifier), ','),
      '=',
      sep1(field('value', $._expression), seq(repeat($._end), '|')),
    ),

    mask: $ => seq('mask', repeat1(seq($.mask_part, optional(',')))),

    // `compass**` and `(circle | compass)**`: the stars count only when
    // written against the part (docs/language.md, "Masks over the L-tools").
    mask_part: $ => choice(
      'line**', 'circle**', 'line', 'circle', '**', '*',
      seq($.identifier, optional(token.immediate('**'))),
      seq('(', $.mask_kind, repeat(seq('|', $.mask_kind)), ')', optional(token.immediate('**'))),
    ),

    mask_kind: $ => choice('line', 'circle', $.identifier),

    ignore: $ => seq('ignore', repeat1($.limit)),

    limit: $ => seq(field('kind', choice('min', 'max')), field('value', $._expression)),

    verify: $ => seq('verify', sep1($.assignment, ',')),

    assignment: $ => seq(field('name', $.identifier), '=', field('value', $._expression)),

    tools: $ => seq('tools', repeat1(seq($.identifier, optional(',')))),

    count: $ => seq('count', $.identifier),

    // `stars e 3 l 2`: the level's E-star and L-star counts.
    stars: $ => seq('stars', repeat1(seq($.star_count, optional(',')))),

    star_count: $ => seq(field('count', $.identifier), field('value', $.number)),

    step: $ => seq($._binders, '=', field('value', $._expression)),

    // `tool foot(P = (0, 2), line l = line(A, B)) -> F { steps }`: a line
    // break inside the parentheses never ends the list.
    tool_definition: $ => seq(
      'tool',
      field('name', $.identifier),
      field('parameters', $.parameters),
      '->',
      sep1(field('result', $.identifier), ','),
      field('body', $.tool_body),
    ),

    parameters: $ => seq('(', optional(seq(sep1($.parameter, ','), optional(','))), ')'),

    parameter: $ => seq(
      optional(field('kind', choice('point', 'line', 'segment', 'ray', 'circle'))),
      field('name', $.identifier),
      '=',
      field('value', $._expression),
    ),

    // Steps only: any other line is the compiler's E0806, not a syntax error.
    tool_body: $ => seq('{', statements($, $._solve_item), '}'),

    // `use "lib/triangles.euc"`, or `use std`: the standard library.
    use_line: $ => seq('use', field('path', choice($.string, $.identifier))),

    string: _ => token(seq('"', /[^"\n]*/, '"')),

    planar_block: $ => seq(
      'planar',
      optional(field('name', $.identifier)),
      field('body', $.planar_body),
    ),

    planar_body: $ => seq('{', statements($, $._planar_item), '}'),

    _planar_item: $ => choice($.level, $.seed, $.node, $.edges),

    level: $ => seq('level', field('value', $._expression)),

    seed: $ => seq('seed', field('value', $._expression)),

    node: $ => seq('node', field('name', $.identifier), '=', field('value', $._expression)),

    edges: $ => seq('edge', sep1($.edge, ',')),

    edge: $ => seq(field('from', $.identifier), '-', field('to', $.identifier)),

    _expression: $ => choice(
      $.number,
      $.angle,
      $.identifier,
      $.call,
      $.tuple,
      $.unary,
      $.binary,
      $.meet,
    ),

    number: _ => /([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?/,

    angle: _ => /([0-9]+(\.[0-9]*)?|\.[0-9]+)deg/,

    identifier: _ => /[\p{L}_][\p{L}\p{N}_']*/,

    call: $ => prec(PREC.call, seq(
      field('function', choice(
        $.identifier,
        alias('line', $.identifier),
        alias('segment', $.identifier),
        alias('ray', $.identifier),
        alias('circle', $.identifier),
        alias('point', $.identifier),
      )),
      field('arguments', $.arguments),
    )),

    arguments: $ => seq('(', optional(seq(sep1($._expression, ','), optional(','))), ')'),

    tuple: $ => seq('(', sep1($._expression, ','), optional(','), ')'),

    unary: $ => prec(PREC.unary, seq('-', field('operand', $._expression))),

    binary: $ => choice(
      prec.left(PREC.sum, seq(field('left', $._expression), field('operator', choice('+', '-')), field('right', $._expression))),
      prec.left(PREC.product, seq(field('left', $._expression), field('operator', choice('*', '/')), field('right', $._expression))),
    ),

    meet: $ => prec.left(PREC.meet, seq(field('left', $._expression), '&', field('right', $._expression))),
  },
});
