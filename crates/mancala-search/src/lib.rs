//! Game-playing engines for the mancala games (not implemented yet: see issue 6).
