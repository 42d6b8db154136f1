//! The `euc` binary: arguments in, exit code out; everything else is `euc::cli`.

fn main() {
    std::process::exit(euc::cli::run(std::env::args()));
}
