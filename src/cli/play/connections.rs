//! The board's open connections. Any local process may open connections to
//! the board and send nothing; a fixed number of places taken before
//! `accept` let eight such connections stall the board for the 30 s hyper
//! gives a request's head (sixteen for 60 s). Now every connection is
//! accepted and served by its own task, and when more than `MOST_OPEN` are
//! open, the one that has gone longest without a request or an answer is
//! closed: idle connections make room, the page's live ones keep theirs
//! (docs/planar.md, "Security").

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;
use tokio::sync::Notify;

/// Connections open at once before the idlest is closed. A browser opens
/// at most six to one host; the rest is room for a page reloaded, a second
/// tab, a script.
pub(super) const MOST_OPEN: usize = 32;

/// The open connections, each with when it was last active and the signal
/// that closes it.
#[derive(Default)]
pub(super) struct Connections {
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    next: u64,
    connections: Vec<Connection>,
}

struct Connection {
    id: u64,
    active: Instant,
    close: Arc<Notify>,
}

impl Connections {
    /// Counts a new connection in, closing the idlest when too many are
    /// open; its id and the signal that it is to close.
    pub(super) fn open(&self) -> (u64, Arc<Notify>) {
        let mut open = self.lock();
        if open.connections.len() >= MOST_OPEN {
            let idlest = open
                .connections
                .iter()
                .enumerate()
                .min_by_key(|(_, connection)| connection.active)
                .map(|(index, _)| index);
            if let Some(index) = idlest {
                // A permit is kept when its task is not waiting yet.
                open.connections.swap_remove(index).close.notify_one();
            }
        }
        let id = open.next;
        open.next += 1;
        let close = Arc::new(Notify::new());
        open.connections.push(Connection {
            id,
            active: Instant::now(),
            close: Arc::clone(&close),
        });
        (id, close)
    }

    /// Connection `id` asked or was answered just now.
    pub(super) fn touch(&self, id: u64) {
        if let Some(connection) = self
            .lock()
            .connections
            .iter_mut()
            .find(|connection| connection.id == id)
        {
            connection.active = Instant::now();
        }
    }

    /// Connection `id` closed (or was closed).
    pub(super) fn close(&self, id: u64) {
        self.lock()
            .connections
            .retain(|connection| connection.id != id);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_idlest_connection_makes_room() {
        let connections = Connections::default();
        let opened: Vec<_> = (0..MOST_OPEN).map(|_| connections.open()).collect();
        // The first is active again: the second is now the idlest.
        std::thread::sleep(std::time::Duration::from_millis(2));
        connections.touch(opened[0].0);
        let (newest, _) = connections.open();
        assert_eq!(connections.lock().connections.len(), MOST_OPEN);
        let closed: Vec<u64> = opened
            .iter()
            .filter(|(id, _)| !connections.lock().connections.iter().any(|c| c.id == *id))
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(closed, [opened[1].0]);
        connections.close(newest);
        assert_eq!(connections.lock().connections.len(), MOST_OPEN - 1);
    }
}
