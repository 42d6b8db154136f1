//! The one diagnostic type of euc: written whole by the core, laid out by the
//! terminal renderer (ariadne) and the language server alike.

pub mod codes;
pub mod similar;

use crate::span::{Shift, Span};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

/// A secondary place that explains the main one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// A replacement that mends the mistake: the editor's quick fix.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fix {
    /// What the editor shows, e.g. "Replace with `Apex`".
    pub title: String,
    pub span: Span,
    /// An empty text deletes; a deletion that would leave a blank line takes
    /// the whole line.
    pub replacement: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A stable code such as `E0201`, listed in README.md.
    pub code: &'static str,
    pub message: String,
    pub span: Span,
    pub labels: Vec<Label>,
    pub help: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span,
            labels: Vec::new(),
            help: None,
            fixes: Vec::new(),
        }
    }

    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, span, message)
        }
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_fix(
        mut self,
        title: impl Into<String>,
        span: Span,
        replacement: impl Into<String>,
    ) -> Self {
        self.fixes.push(Fix {
            title: title.into(),
            span,
            replacement: replacement.into(),
        });
        self
    }

    /// "did you mean `close`?", with the fix that puts `close` at `span`.
    pub fn did_you_mean(self, span: Span, close: &str) -> Self {
        self.with_help(format!("did you mean `{close}`?")).with_fix(
            format!("Replace with `{close}`"),
            span,
            close,
        )
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// An error that says a construction fails or a puzzle is not solved
    /// (exit code 1), as opposed to one that says the input is wrong (exit
    /// code 2): the registry says which (`codes::Code::exit`). Steps that
    /// break the block's own rules fail like steps that miss the goal:
    /// outside the mask (E0506) or with a tool the block does not allow
    /// (E0507).
    pub fn is_construction_failure(&self) -> bool {
        self.is_error() && codes::code(self.code).is_some_and(|known| known.exit == 1)
    }

    /// An error in the input itself: the file cannot be solved or checked until it is fixed.
    pub fn is_input_error(&self) -> bool {
        self.is_error() && !self.is_construction_failure()
    }
}

/// What a diagnostic code is about, in a few words (the registry's
/// summary: `codes::CODES`; the rule descriptions of `euc check --format
/// sarif`).
pub fn describe_code(code: &str) -> &'static str {
    codes::code(code).map_or("euc diagnostic", |known| known.summary)
}

impl Shift for Diagnostic {
    fn shift_after(&mut self, from: usize, delta: isize) {
        self.span.shift_after(from, delta);
        for label in &mut self.labels {
            label.span.shift_after(from, delta);
        }
        for fix in &mut self.fixes {
            fix.span.shift_after(from, delta);
        }
    }
}
