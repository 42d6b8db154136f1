//! The 5,000-line file the language-server benchmarks edit (`lsp`,
//! `burst`): declarations with a solved block every 50 lines.

/// `lines` lines of declarations with a solved block every 50 lines.
pub fn generated_file(lines: usize) -> String {
    let mut text = String::new();
    let mut block = 0;
    while text.lines().count() + 50 <= lines {
        let i = block;
        text.push_str(&format!(
            "let r{i} = 1 + {i} / 1000\npoint A{i} = ({i}, -r{i})\npoint B{i} = A{i} + (2 * r{i}, 0)\n\
             solve s{i} {{\n  goal C = rotate(B{i}, A{i}, 60deg)\n  c1 = circle(A{i}, B{i})\n  c2 = circle(B{i}, A{i})\n  C, _ = c1 & c2\n}}\n"
        ));
        for j in 0..41 {
            text.push_str(&format!("let v{i}_{j} = r{i} * {j} + sqrt({j})\n"));
        }
        block += 1;
    }
    text
}
