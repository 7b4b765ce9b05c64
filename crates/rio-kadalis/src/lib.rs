//! The mancala game rio-kadalis (not implemented yet: see its issue).
#![no_std]
