//! The mancala game omweso (not implemented yet: see its issue).
#![no_std]
