//! The commands code lenses and code actions carry, typed: their names
//! (the server's own and those the client runs, as the VS Code extension
//! registers them) and their arguments, read back with the error each
//! missing one gets.

use super::solve_job::invalid;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::Uri;

/// A command the server runs (`workspace/executeCommand`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerCommand {
    /// "Find construction", for clients that prefer commands to resolved
    /// code actions, and its code lens.
    FindConstruction,
    /// The "Untangle" code lens of a planar block.
    Untangle,
}

impl ServerCommand {
    /// Every command the server runs, as its capabilities list them.
    pub const ALL: [ServerCommand; 2] = [ServerCommand::FindConstruction, ServerCommand::Untangle];

    pub fn name(self) -> &'static str {
        match self {
            ServerCommand::FindConstruction => "euc.findConstruction",
            ServerCommand::Untangle => "euc.untangle",
        }
    }

    /// The command of this name; an unknown one is an error response.
    pub fn named(name: &str) -> jsonrpc::Result<ServerCommand> {
        ServerCommand::ALL
            .into_iter()
            .find(|command| command.name() == name)
            .ok_or_else(|| invalid(format!("unknown command `{name}`")))
    }
}

/// The client's "Show picture" command (argument: the block's name).
pub const SHOW_PICTURE: &str = "euc.showPicture";

/// The client's "Play" command (argument: the planar block's name).
pub const PLAY: &str = "euc.play";

/// The client's "Play" command on a solve block: the construction board
/// (argument: the block's name).
pub const PLAY_CONSTRUCTION: &str = "euc.playConstruction";

/// The arguments of a command on one block: the document, the block's
/// name and the document version the command was offered for (a command
/// on a document changed since is refused).
#[derive(Clone, Debug, PartialEq)]
pub struct BlockCommand {
    pub uri: Uri,
    pub block: String,
    pub version: Option<i32>,
}

impl BlockCommand {
    /// As a command's arguments: `[uri, block, version]`.
    pub fn to_arguments(&self) -> Vec<Value> {
        vec![
            json!(self.uri.as_str()),
            json!(self.block),
            json!(self.version),
        ]
    }

    pub fn from_arguments(arguments: &[Value]) -> jsonrpc::Result<BlockCommand> {
        let uri = arguments
            .first()
            .and_then(|uri| uri.as_str())
            .and_then(|uri| uri.parse().ok())
            .ok_or_else(|| invalid("expected the document's URI as the first argument".into()))?;
        let block = arguments
            .get(1)
            .and_then(|block| block.as_str())
            .ok_or_else(|| invalid("expected the block's name as the second argument".into()))?
            .to_string();
        Ok(BlockCommand {
            uri,
            block,
            version: version(arguments.get(2)),
        })
    }

    /// As a code action's `data`, for `codeAction/resolve`.
    pub fn to_data(&self) -> Value {
        json!({ "uri": self.uri.as_str(), "block": self.block, "version": self.version })
    }

    pub fn from_data(data: &Value) -> jsonrpc::Result<BlockCommand> {
        let uri = data["uri"]
            .as_str()
            .and_then(|uri| uri.parse().ok())
            .ok_or_else(|| invalid("the action has no document".into()))?;
        let block = data["block"]
            .as_str()
            .ok_or_else(|| invalid("the action has no block".into()))?
            .to_string();
        Ok(BlockCommand {
            uri,
            block,
            version: version(data.get("version")),
        })
    }
}

/// A version as sent (a number that does not fit reads wrapped, as before).
fn version(value: Option<&Value>) -> Option<i32> {
    value
        .and_then(|version| version.as_i64())
        .map(|version| version as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_command_reads_back_what_it_wrote() {
        let command = BlockCommand {
            uri: "file:///a.euc".parse().unwrap(),
            block: "midpoint".to_string(),
            version: Some(3),
        };
        let arguments = command.to_arguments();
        assert_eq!(BlockCommand::from_arguments(&arguments).unwrap(), command);
        assert_eq!(
            BlockCommand::from_data(&command.to_data()).unwrap(),
            command
        );
        let unversioned = BlockCommand::from_arguments(&arguments[..2]).unwrap();
        assert_eq!(unversioned.version, None);
        let error = BlockCommand::from_arguments(&arguments[..1]).unwrap_err();
        assert_eq!(
            error.message,
            "expected the block's name as the second argument"
        );
    }

    #[test]
    fn commands_are_known_by_name() {
        for command in ServerCommand::ALL {
            assert_eq!(ServerCommand::named(command.name()).unwrap(), command);
        }
        assert!(ServerCommand::named("euc.nothing").is_err());
    }
}
