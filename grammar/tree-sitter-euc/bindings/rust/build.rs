//! Compiles the generated parser (src/parser.c, committed; regenerate with
//! `tree-sitter generate` after changing grammar.js).

fn main() {
    let src = std::path::Path::new("src");
    cc::Build::new()
        .std("c11")
        .include(src)
        .file(src.join("parser.c"))
        .warnings(false)
        .compile("tree-sitter-euc");
    println!("cargo:rerun-if-changed=src/parser.c");
}
