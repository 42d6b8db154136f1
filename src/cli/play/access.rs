//! Who may talk to the board: only the page it served, in a browser that
//! reached it as 127.0.0.1 or localhost on its port (docs/planar.md, "The
//! board", "Security").

use hyper::header::HeaderMap;
use hyper::{Method, Request};

/// The header in which the page's script sends the token back. A custom
/// header also makes any cross-origin request a preflighted one, which the
/// board never grants.
const TOKEN_HEADER: &str = "X-Euc-Token";

/// Where the page carries the session's token (play.html's meta tag).
const TOKEN_PLACEHOLDER: &str = "{{euc-token}}";

pub(super) struct Access {
    port: u16,
    token: String,
    /// The page with the token in it.
    pub(super) page: String,
}

impl Access {
    /// The access of a board on `port`, with a fresh token written into
    /// `page`.
    pub(super) fn new(port: u16, page: &str) -> Access {
        // 128 bits from the thread's generator, a CSPRNG seeded by the system.
        let token = format!("{:032x}", rand::random::<u128>());
        Access {
            port,
            page: page.replace(TOKEN_PLACEHOLDER, &token),
            token,
        }
    }

    /// Refuses, with the reason, a Host not the board's own (a rebound DNS
    /// name), an Origin not the board's own (another page in the browser),
    /// a missing or wrong token on anything but the page and its files, and
    /// a POST whose body is not declared JSON (a form, or a "simple"
    /// cross-origin request, which no preflight stops). `target` is the
    /// request's target as sent.
    pub(super) fn check<B>(&self, request: &Request<B>, target: &str) -> Result<(), String> {
        let port = self.port;
        let headers = request.headers();
        let host = only_header(headers, "Host")?;
        if host != Some(format!("127.0.0.1:{port}").as_str())
            && host != Some(format!("localhost:{port}").as_str())
        {
            return Err(format!(
                "refused: the Host must be 127.0.0.1:{port} or localhost:{port}"
            ));
        }
        if let Some(origin) = only_header(headers, "Origin")? {
            if origin != format!("http://127.0.0.1:{port}")
                && origin != format!("http://localhost:{port}")
            {
                return Err(format!(
                    "refused: a request from another page (the Origin must be \
                     http://127.0.0.1:{port} or http://localhost:{port})"
                ));
            }
        }
        if matches!(target, "/" | "/board.js" | "/board.css") {
            return Ok(());
        }
        let token = only_header(headers, TOKEN_HEADER)?;
        if !token.is_some_and(|token| same_token(token, &self.token)) {
            return Err(format!(
                "refused: the {TOKEN_HEADER} header is missing or wrong (reload the page)"
            ));
        }
        if request.method() == Method::POST {
            let kind = only_header(headers, "Content-Type")?.unwrap_or_default();
            let media_type = kind.split(';').next().unwrap_or_default().trim();
            if !media_type.eq_ignore_ascii_case("application/json") {
                return Err("refused: a POST must have Content-Type: application/json".into());
            }
        }
        Ok(())
    }
}

/// A header's value, if it is given; one given twice, or not as visible
/// ASCII, is refused rather than guessed at.
fn only_header<'r>(headers: &'r HeaderMap, name: &'static str) -> Result<Option<&'r str>, String> {
    let mut values = headers.get_all(name).iter();
    let first = values.next();
    if values.next().is_some() {
        return Err(format!("refused: the {name} header is given twice"));
    }
    first
        .map(|value| {
            value
                .to_str()
                .map_err(|_| format!("refused: the {name} header is not plain text"))
        })
        .transpose()
}

/// Whether `given` is the token, in a time that does not depend on where
/// they first differ (the length, 32, is no secret).
fn same_token(given: &str, token: &str) -> bool {
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0, |differ, (a, b)| differ | (a ^ b))
            == 0
}
