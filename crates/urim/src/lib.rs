//! The mancala game urim (not implemented yet: see its issue).
#![no_std]
