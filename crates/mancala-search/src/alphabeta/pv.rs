//! The principal variations: the best line found below each node of the current line.

use crate::score::MAX_PLY;

/// A row of `MAX_PLY` moves per ply (the best line from the node at that ply of the
/// current line, as far as it was searched) and its length, allocated once.
#[derive(Clone, Debug)]
pub(super) struct Pv<M> {
    moves: Vec<Option<M>>,
    len: Vec<usize>,
}

impl<M: Copy> Pv<M> {
    pub(super) fn new() -> Self {
        Pv {
            moves: vec![None; MAX_PLY * MAX_PLY],
            len: vec![0; MAX_PLY + 1],
        }
    }

    /// The node at `ply` has no line yet.
    #[inline]
    pub(super) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// The line at `ply` is `m` followed by the child's.
    #[inline]
    pub(super) fn update(&mut self, ply: usize, m: M) {
        let child_len = self.len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.moves.split_at_mut((ply + 1) * MAX_PLY);
        let row = &mut head[ply * MAX_PLY..];
        row[0] = Some(m);
        row[1..=child_len].copy_from_slice(&tail[..child_len]);
        self.len[ply] = child_len + 1;
    }

    /// The line at `ply`.
    pub(super) fn row(&self, ply: usize) -> &[Option<M>] {
        let start = ply * MAX_PLY;
        &self.moves[start..start + self.len[ply].min(MAX_PLY)]
    }

    /// The line at `ply` is `line` (as far as a row holds).
    pub(super) fn set_row(&mut self, ply: usize, line: &[Option<M>]) {
        let n = line.len().min(MAX_PLY);
        let start = ply * MAX_PLY;
        self.moves[start..start + n].copy_from_slice(&line[..n]);
        self.len[ply] = n;
    }

    /// The root's best move, if a move of the root was completed.
    pub(super) fn best(&self) -> Option<M> {
        self.moves[0].filter(|_| self.len[0] > 0)
    }

    /// The root's line.
    pub(super) fn line(&self) -> Vec<M> {
        self.row(0).iter().flatten().copied().collect()
    }
}
