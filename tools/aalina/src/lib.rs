//! What the match tools of this folder share: Aalina as a child process
//! ([`uci`]), its move letters ([`notation`]), and the CPU time of a process or a
//! thread. `aalina-match` plays our engine against Aalina; `engine-match` plays two
//! builds of our engine against each other. See `tools/aalina/README.md`.

pub mod notation;
pub mod uci;
